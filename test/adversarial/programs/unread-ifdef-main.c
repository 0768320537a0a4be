/* trap: the file includes a header no lookup finds under `#ifdef __EMBEDDED__` (codec2's
   form); a -D__EMBEDDED__ build reads it, and it defines in_scale(i) as t[0] and undefines
   __EMBEDDED__: contracted to two cells, kern() read a reused cell. The guard at the first
   line stops that build (test/adversarial/unreadIncludes.test.ts builds it)
   expect: kern:t contracted 2
   expect: kern:in unchanged [pointer]
   expect: main:in unchanged [passed-to-call] */
#include <stdio.h>
static double in_scale(int i) { return 0.25 * i; }
#ifdef __EMBEDDED__
#include "beeclak_arm_math.h"
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
