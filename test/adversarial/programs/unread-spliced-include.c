/* trap: the include of a header no lookup finds is split by a line splice (`#inc\` /
   `lude`), under `#ifdef USE_ARM`: the text's includes were read line by line, this one was
   not seen, and the contracted file got no guard; a -DUSE_ARM build read the header (it
   defines in_scale(i) as t[0]) and kern() a reused cell. The guard at the first line stops
   that build (test/adversarial/unreadIncludes.test.ts builds it)
   expect: kern:t contracted 2
   expect: kern:in unchanged [pointer]
   expect: main:in unchanged [passed-to-call] */
#include <stdio.h>
static double in_scale(int i) { return 0.25 * i; }
#ifdef USE_ARM
#inc\
lude "beeclak_arm_spliced.h"
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
