/* trap: run() passes its parameter on to window(), and main calls run(3) and run(10): the value
   window() gets depends on the call of run(), so nothing is fixed and t keeps every cell
   expect: window:in unchanged [pointer]
   expect: window:t unchanged [no-saving]
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
static double run(int k, const double *in) { return window(k, in) + 1; }
int main(void) {
  double in[32];
  for (int i = 0; i < 32; i++) in[i] = i % 5;
  printf("%.1f %.1f\n", run(3, in), run(10, in));
  return 0;
}
