/* trap: the caller of another file's kernel spells a macro whose default a header sets in a
   lone #ifndef group (the shape of an include guard)
   build also: -DSHOWN=t
   expect: main:in unchanged
   expect: main:t unchanged */
#include <stdio.h>
#include "show.h"
double smooth(double *tmp, const double *in);
int main(void) {
  double in[16], t[16];
  for (int i = 0; i < 16; i++) in[i] = i % 4 + 1;
  double s = smooth(t, in);
  s += SHOWN[15];
  printf("%.3f\n", s);
  return 0;
}
