/* trap: kern.c includes dbg.h only under #ifdef DEBUG, and its constructor calls the static
   kern() and reads the buffer after it: the group spells no kern, so no guard; a -DDEBUG
   build printed dbg 0.000 for 22.500 (inactive27)
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
double run(void) {
  double t[16];
  return kern(t);
}
#ifdef DEBUG
#include "dbg.h"
#endif
int main(void) {
  printf("%.3f\n", run());
  return 0;
}
