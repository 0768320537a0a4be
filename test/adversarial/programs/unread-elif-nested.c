/* trap: a header no lookup finds, read only under `#ifdef USE_ARM` and the `#elif ARM_CORE
   >= 7` of a chain: a -DUSE_ARM -DARM_CORE=7 build reads it (it defines in_scale(i) as t[0]);
   a guard on the #elif alone would also stop -DARM_CORE=7 builds without USE_ARM, and one
   without the first branch's condition would stop -DARM_CORE=4 ones wrongly: the guard
   repeats both groups, the chain's first branch included
   expect: kern:t contracted 2
   expect: kern:in unchanged [pointer]
   expect: main:in unchanged [passed-to-call] */
#include <stdio.h>
static double in_scale(int i) { return 0.25 * i; }
#ifdef USE_ARM
#if ARM_CORE == 4
#define CORE_M4 1
#elif ARM_CORE >= 7
#include "beeclak_arm_m7.h"
#endif
#endif
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
