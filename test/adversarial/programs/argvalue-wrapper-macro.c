/* trap: run() declares no array (the model leaves it out) and passes LEN, 3 unless the build
   defines it: window()'s t was folded for k == 3 with no guard after run(), and built with
   -DLEN=10 the result read reused cells; a value a caller outside the model passes is unknown
   expect: window:in unchanged [pointer]
   expect: window:t unchanged [no-saving]
   expect: main:in unchanged */
#include <stdio.h>
#ifndef LEN
#define LEN 3
#endif
static double window(int k, const double *in) {
  double t[32];
  double s = 0;
  for (int i = 0; i < 32; i++) {
    t[i] = in[i] * 2;
    if (i >= k) s += t[i - k] * (i % 7);
  }
  return s;
}
static double run(const double *in) { return window(LEN, in); }
int main(void) {
  double in[32];
  for (int i = 0; i < 32; i++) in[i] = i % 5 + i;
  printf("%.1f\n", run(in));
  return 0;
}
