/* trap: every call of window() is run()'s, in an included header, passing LEN (3 unless the build
   defines it): t was folded for k == 3, and built with -DLEN=10 the result printed 2626.0, not
   1534.0, with no guard (one after run() would be in the header); a value a caller outside the
   file passes is unknown
   expect: window:in unchanged [pointer]
   expect: window:t unchanged [no-saving]
   expect: main:in unchanged */
#include <stdio.h>
static double window(int k, const double *in) {
  double t[32];
  double s = 0;
  for (int i = 0; i < 32; i++) {
    t[i] = in[i] * 2;
    if (i >= k) s += t[i - k] * (i % 7);
  }
  return s;
}
#include "run.h"
int main(void) {
  double in[32];
  for (int i = 0; i < 32; i++) in[i] = i % 5 + i;
  printf("%.1f\n", run(in));
  return 0;
}
