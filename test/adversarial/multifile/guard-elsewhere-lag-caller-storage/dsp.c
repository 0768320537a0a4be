/* trap: t's mapping rests on LAG, which a build may set (-DLAG=2), and t's storage is main.c's
   buffer, shrunk in main.c: the guard lands here, in the kernel's file, and stops any build
   of the program with another LAG (main.c's buffer alone cannot check it)
   build also: -DLAG=2
   expect: smooth:t contracted 2
   expect: smooth:in unchanged
*/
#include "cfg.h"
double smooth(double t[16], const double in[16]) {
  double s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = in[i] * 1.5;
    if (i >= LAG) s += t[i - LAG];
  }
  return s;
}
