/* trap: int &r = t[i] is another name of the element: writes through r are writes of t that no subscript shows (t was scalarized as never written)
   expect: main:t unchanged   -- an element bound to a reference
   expect: main:u contracted 2 */
#include <cstdio>
#define N 16
int main() {
  int t[N], u[N];
  long s = 0;
  for (int i = 0; i < N; i++) {
    int &r = t[i];
    r = i * 3 + 2;
  }
  for (int i = 0; i < N; i++) {
    u[i] = t[N - 1 - i];
    if (i > 0) s += u[i - 1] * t[i];
  }
  std::printf("%ld\n", s);
  return 0;
}
