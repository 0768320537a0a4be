/* trap: main calls run(3) twice, and run() passes its own unchanged parameter on to window(): k is
   3 at every call, but run() declares no array, so the model leaves it out and no guard can
   follow its text (a macro or an #ifdef there would change the value unseen): the value it
   passes is unknown, and t keeps every cell (argvalue-passed-on-guarded.c: run() with an array)
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
  printf("%.1f %.1f\n", run(3, in), run(3, in));
  return 0;
}
