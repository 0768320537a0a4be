/* trap: t is filled by a function template that takes it by reference, int (&)[M]: read as C's call, nothing shows the writes of every cell
   expect: main:t unchanged   -- passed whole to a call
   expect: main:u contracted 2 */
#include <cstdio>
#define N 32
template <int M>
static void fill(int (&a)[M], int base) {
  for (int i = 0; i < M; i++) a[i] = base + i * i;
}
int main() {
  int t[N], u[N];
  long s = 0;
  fill(t, 3);
  for (int i = 0; i < N; i++) {
    u[i] = t[N - 1 - i] * 2;
    if (i > 0) s += u[i - 1] - t[i];
  }
  std::printf("%ld\n", s);
  return 0;
}
