/* trap: <math.h>, read in this build, defines M_PIl only under _GNU_SOURCE, and a header no
   lookup finds is included under `#ifdef M_PIl`: a -D_GNU_SOURCE build reads it (it defines
   in_scale(i) as t[0]). A guard `#ifdef M_PIl` at the first line, before <math.h>, never
   fired there, and the contracted kern() read a reused cell: every branch of the system
   headers this build reads counts as the unit's text (test/adversarial/unreadIncludes.test.ts)
   expect: kern:t unchanged [configuration-unguarded]
   expect: kern:in unchanged [pointer]
   expect: main:in unchanged [passed-to-call] */
#include <stdio.h>
#include <math.h>
static double in_scale(int i) { return 0.25 * i; }
#ifdef M_PIl
#include "beeclak_pil_tables.h"
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
