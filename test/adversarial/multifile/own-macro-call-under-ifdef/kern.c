/* trap: a constructor under #ifdef DEBUG calls the static kern() through CALLK, a macro
   defined outside the group: the group spelled no kern, so kern got no guard and a -DDEBUG
   build printed dbg 0.000 for 22.500 (inactive27). The guard cannot be written here (the
   branch is read as inside a macro invocation): refused.
   build also: -DDEBUG
   expect: kern:t unchanged [configuration-unguarded]
   expect: run:t unchanged
*/
#include <stdio.h>
static double kern(double t[16]) {
  double s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = i * 1.5;
    if (i >= 2) s += t[i] * t[i - 2];
  }
  return s;
}
#define CALLK(u) kern(u)
double run(void) {
  double t[16];
  return kern(t);
}
#ifdef DEBUG
__attribute__((constructor)) static void dbg_init(void) {
  double u[16];
  double r = CALLK(u);
  printf("dbg %.3f %.3f\n", r, u[15]);
}
#endif
int main(void) {
  printf("%.3f\n", run());
  return 0;
}
