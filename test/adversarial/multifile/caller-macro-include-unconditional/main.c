/* trap: the caller of another file's kernel spells a macro its own file defines once, which
   the header a macro names redefines in one build (every build includes it)
   build also: -DCFG_H="show.h"
   expect: main:in unchanged
   expect: main:t unchanged */
#include <stdio.h>
#define SHOWN in
#ifndef CFG_H
#define CFG_H "plain.h"
#endif
#include CFG_H
double smooth(double *tmp, const double *in);
int main(void) {
  double in[16], t[16];
  for (int i = 0; i < 16; i++) in[i] = i % 4 + 1;
  double s = smooth(t, in);
  s += SHOWN[15];
  printf("%.3f\n", s);
  return 0;
}
