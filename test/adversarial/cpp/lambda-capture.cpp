/* trap: a lambda captures t by reference and reads it where it is called, in the loop that writes t: read as straight-line code, its read would sit at the lambda's definition
   expect: main:t unchanged   -- the function is outside the C++ subset: a lambda uses t
   expect: main:u unchanged   -- the same function
   expect: other:v contracted 2   -- the rest of the file is still served */
#include <cstdio>
#define N 24
static long other() {
  int v[N];
  long s = 0;
  for (int i = 0; i < N; i++) {
    v[i] = i * 5;
    if (i > 0) s += v[i - 1];
  }
  return s;
}
int main() {
  int t[N], u[N];
  long s = other();
  auto back = [&](int i) { return t[i - 2]; };
  for (int i = 0; i < N; i++) {
    t[i] = i * i + 1;
    u[i] = t[i] + 1;
    if (i >= 2) s += back(i) * u[i];
  }
  std::printf("%ld\n", s);
  return 0;
}
