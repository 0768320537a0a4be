/* trap: `double t[8]` reads `t[i + 8]` beside the write of t[i]: cells 8..15, past the declaration and never written by the kernel, hold the caller's values
   expect: kernel:t unchanged [value-flows-in] -- cells past the declared extent are read before any write
   expect: main:buf unchanged */
#include <stdio.h>
static double kernel(double t[8]) {
  double s = 0;
  for (int i = 0; i < 8; i++) {
    t[i] = i;
    s += t[i] * t[i + 8];
  }
  return s;
}
int main(void) {
  double buf[16];
  for (int i = 0; i < 16; i++) buf[i] = i + 1;
  printf("%.2f\n", kernel(buf));
  return 0;
}
