/* trap: the conditional around the lag is spelled `# \` + a blank, a line break, then
   `ifdef BIG`: GCC and Clang take a backslash followed by blanks for a line splice (with a
   warning), so a -DBIG build reads t[i - 3]; the conditionals were read with only a bare
   backslash as a splice, saw no group, and t was folded to two cells with no guard (a
   -DBIG build printed 25.000 for 18.000). Splices are read as the compiler reads them
   (model/lineSplices.ts): the function gets its configuration guard
   expect: kern:t contracted 2
   expect: kern:in unchanged [pointer]
   expect: main:in unchanged [passed-to-call] */
#include <stdio.h>
static double kern(const double *in) {
  double t[16], s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = in[i] * 0.5;
# \ 
ifdef BIG
    if (i >= 3) s += t[i - 3];
#else
    if (i >= 1) s += t[i - 1];
#endif
  }
  return s;
}
int main(void) {
  double in[16];
  for (int i = 0; i < 16; i++) in[i] = i % 5 + 1;
  printf("%.3f\n", kern(in));
  return 0;
}
