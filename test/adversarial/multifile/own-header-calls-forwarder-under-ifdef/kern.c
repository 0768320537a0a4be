/* trap: dbg.h's #ifdef DEBUG constructor calls stage(), which passes its buffer on to kern():
   the forwarder's other build is no guard's either (inactive27)
   build also: -DDEBUG
   expect: kern:t unchanged [configuration-unguarded]
   expect: stage:t unchanged
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
static double stage(double t[16]) { return kern(t); }
double run(void) {
  double t[16];
  return stage(t);
}
#include "dbg.h"
int main(void) {
  printf("%.3f\n", run());
  return 0;
}
