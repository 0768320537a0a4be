/* trap: every call of window() is in main.c and passes LEN, 3 unless main.c's build defines it:
   t was folded for k == 3, and main.c built with -DLEN=10 made the result print 2626.0, not
   1534.0, with no guard (this file's guards cannot check main.c's macros or branches); a value
   a caller of another file passes is unknown
   expect: window:in unchanged [pointer]
   expect: window:t unchanged [no-saving] */
#include "dsp.h"
double window(int k, const double *in) {
  double t[32];
  double s = 0;
  for (int i = 0; i < 32; i++) {
    t[i] = in[i] * 2;
    if (i >= k) s += t[i - k] * (i % 7);
  }
  return s;
}
