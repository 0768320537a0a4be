/* trap: LAG(i) is ((i) - 1), and under #ifdef BIG the file undefines and redefines it as
   ((i) - 3), each directive split by a line splice (`#un\` / `def`, `#def\` / `ine`): the
   per-function check read the file a line at a time, saw no directive of LAG under the
   conditional, and t was folded to two cells for a lag of 1 with no guard (a function-like
   macro); a -DBIG build read reused cells (21.000 for 18.000, review 2026-11-29). The
   directives are read with their splices joined (frontend/lineSplices.ts): the array stays
   expect: kern:t unchanged [configuration-unguarded]
   expect: kern:in unchanged [pointer]
   expect: main:in unchanged [passed-to-call] */
#include <stdio.h>
#define LAG(i) ((i) - 1)
#ifdef BIG
#un\
def LAG
#def\
ine LAG(i) ((i) - 3)
#endif
static double kern(const double *in) {
  double t[16], s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = in[i] * 0.5;
    if (i >= 3) s += t[LAG(i)];
  }
  return s;
}
int main(void) {
  double in[16];
  for (int i = 0; i < 16; i++) in[i] = i % 5 + 1;
  printf("%.3f\n", kern(in));
  return 0;
}
