/* trap: put(t[i], v) writes t[i] through a reference parameter: read as C's call by value, t was never written, every read was "before any write", and t was scalarized
   expect: main:t unchanged   -- an element passed to a call that may take it by reference
   expect: main:u contracted 2 */
#include <cstdio>
#define N 16
static void put(int &x, int v) { x = v; }
int main() {
  int t[N], u[N];
  long s = 0;
  for (int i = 0; i < N; i++) put(t[i], i * 7 + 1);
  for (int i = 0; i < N; i++) {
    u[i] = t[N - 1 - i];
    if (i > 0) s += u[i - 1] * t[i];
  }
  std::printf("%ld\n", s);
  return 0;
}
