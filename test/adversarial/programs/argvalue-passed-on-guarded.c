/* trap: none: main calls run(3) twice, and run() passes its own unchanged parameter on to
   window(); run() has an array of its own, so the model holds it and its guard can be placed:
   the value of k at every call of window() is 3, and t keeps a window of 4 cells
   expect: window:in unchanged [pointer]
   expect: window:t contracted 4
   expect: run:w unchanged
   expect: run:in unchanged
   expect: main:in unchanged */
#include <stdio.h>
static double window(int k, const double *in) {
  double t[32];
  double s = 0;
  for (int i = 0; i < 32; i++) {
    t[i] = in[i] * 2;
    if (i >= k) s += t[i - k];
  }
  return s;
}
static double run(int k, const double *in) {
  double w[2] = {1, 0.5};
  return window(k, in) * w[0] + w[1];
}
int main(void) {
  double in[32];
  for (int i = 0; i < 32; i++) in[i] = i % 5;
  printf("%.1f %.1f\n", run(3, in), run(3, in));
  return 0;
}
