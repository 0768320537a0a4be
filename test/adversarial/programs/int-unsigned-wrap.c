/* trap: with unsigned i, `t[i + 4294967295u]` is t[i - 1] (modulo 2^32), not t[i + 4294967295]
   expect: main:t unchanged */
#include <stdio.h>
int main(void) {
  double t[64];
  double s = 0;
  for (unsigned i = 0; i < 64; i++) t[i] = i * 0.25;
  for (unsigned i = 1; i < 64; i++) {
    t[i] = t[i + 4294967295u] + 1.0;
    s += t[i];
  }
  printf("%.2f\n", s);
  return 0;
}
