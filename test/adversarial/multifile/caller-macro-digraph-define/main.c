/* trap: the caller reads the buffer after the call through a macro a digraph defines in
   one configuration only
   build also: -DSHOW
   expect: main:in unchanged
   expect: main:t unchanged */
#include <stdio.h>
double smooth(double *tmp, const double *in);
#ifdef SHOW
%:define EXTRA(t) ((t)[15])
#else
%:define EXTRA(t) 0.0
#endif
int main(void) {
  double in[16], t[16];
  for (int i = 0; i < 16; i++) in[i] = i % 4 + 1;
  double s = smooth(t, in);
  s += EXTRA(t);
  printf("%.3f\n", s);
  return 0;
}
