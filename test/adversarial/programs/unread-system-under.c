/* trap: a system header included under a skipped `#ifdef WANT_MATH` defines M_PI, a name
   no command line sets, and a header no lookup finds is included under `#ifdef M_PI`: a
   -DWANT_MATH build reads it (it defines in_scale(i) as t[0]). A guard `#ifdef M_PI` at the
   first line, before <math.h>, never fired there, and the contracted kern() read a reused
   cell: the array stays (test/adversarial/unreadIncludes.test.ts builds it)
   expect: kern:t unchanged [configuration-unguarded]
   expect: kern:in unchanged [pointer]
   expect: main:in unchanged [passed-to-call] */
#include <stdio.h>
static double in_scale(int i) { return 0.25 * i; }
#ifdef WANT_MATH
#include <math.h>
#endif
#ifdef M_PI
#include "beeclak_pi_tables.h"
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
