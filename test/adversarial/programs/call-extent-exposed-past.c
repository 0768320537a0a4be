/* trap: `double t[4]` is written in cells 0..15 and read in cells 0..19: cells 16..19, past the declaration and the writes, hold the caller's values
   expect: kernel:t unchanged [value-flows-in] -- cells past the declared extent are read before any write
   expect: main:buf unchanged */
#include <stdio.h>
static double kernel(double t[4]) {
  double s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = i * 0.5;
    s += t[i];
  }
  for (int i = 16; i < 20; i++) s += t[i];
  return s;
}
int main(void) {
  double buf[20];
  for (int i = 0; i < 20; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf));
  return 0;
}
