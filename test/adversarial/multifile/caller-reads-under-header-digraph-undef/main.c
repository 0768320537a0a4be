/* trap: the #ifndef below looks decided by the file's own #define, but cfg.h undefines it
   in a -DQUIET build, which then reads the buffer after the call
   build also: -DQUIET
   expect: main:in unchanged
   expect: main:t unchanged */
#include <stdio.h>
#define SHOW
#include "cfg.h"
double smooth(double *tmp, const double *in);
int main(void) {
  double in[16], t[16];
  for (int i = 0; i < 16; i++) in[i] = i % 4 + 1;
  double s = smooth(t, in);
#ifndef SHOW
  s += t[15];
#endif
  printf("%.3f\n", s);
  return 0;
}
