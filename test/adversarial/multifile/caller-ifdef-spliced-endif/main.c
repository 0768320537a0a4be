/* trap: which main() is compiled depends on SHOW; a spliced #endif is no directive
   build also: -DSHOW
   expect: main:in unchanged
   expect: main:t unchanged */
#include <stdio.h>
double smooth(double *tmp, const double *in);
#ifdef SHOW
#define NOTE "shown" \
#endif
int main(void) {
  double in[16], t[16];
  for (int i = 0; i < 16; i++) in[i] = i % 4 + 1;
  double s = smooth(t, in);
  s += t[15];
  printf("shown %.3f\n", s);
  return 0;
}
#else
int main(void) {
  double in[16], t[16];
  for (int i = 0; i < 16; i++) in[i] = i % 4 + 1;
  double s = smooth(t, in);
  printf("%.3f\n", s);
  return 0;
}
#endif
