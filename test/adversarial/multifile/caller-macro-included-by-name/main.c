/* trap: the caller of another file's kernel spells a macro its own file defines once, which
   a header named by a macro and included only under #ifdef VERBOSE redefines
   build also: -DVERBOSE
   expect: main:in unchanged
   expect: main:t unchanged */
#include <stdio.h>
#define SHOWN in
#define VERBOSE_H "show.h"
#ifdef VERBOSE
#include VERBOSE_H
#endif
double smooth(double *tmp, const double *in);
int main(void) {
  double in[16], t[16];
  for (int i = 0; i < 16; i++) in[i] = i % 4 + 1;
  double s = smooth(t, in);
  s += SHOWN[15];
  printf("%.3f\n", s);
  return 0;
}
