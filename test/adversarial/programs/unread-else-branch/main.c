/* trap: fft.h includes a vendor header no lookup finds, under `#ifndef FDV_ARM_MATH` /
   `#else` (codec2's codec2_fft.h). A -DFDV_ARM_MATH build reads it, and it defines
   in_scale(i) as t[0] and undefines FDV_ARM_MATH: contracted to two cells, kern() read a
   reused cell, and a guard after the include (after the function) saw FDV_ARM_MATH
   undefined. Every array of the unit was refused before (BC1035); now the guard at the first
   line stops that build (test/adversarial/unreadIncludes.test.ts builds it)
   expect: kern:t contracted 2
   expect: kern:in unchanged [pointer]
   expect: main:in unchanged [passed-to-call] */
#include <stdio.h>
static double in_scale(int i) { return 0.25 * i; }
#include "fft.h"
static double kern(const double *in) {
  double t[16], s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = in[i] * 0.5;
    if (i >= 1) s += t[i - 1] * in_scale(i);
  }
  return s;
}
int main(void) {
  double in[16];
  for (int i = 0; i < 16; i++) in[i] = i % 5 + 1;
  printf("%.3f\n", kern(in));
  return 0;
}
