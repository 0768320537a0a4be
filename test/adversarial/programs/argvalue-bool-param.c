/* trap: the parameter is a _Bool and every call passes 2, which the parameter holds as 1 (any
   non-zero value converts to 1): the value read at the call sites was converted modulo 2 (0), and
   t was scalarized, while window() reads t[i - 1]; t keeps the two cells of k == 1
   expect: window:in unchanged [pointer]
   expect: window:t contracted 2
   expect: main:in unchanged */
#include <stdio.h>
static double window(_Bool k, const double *in) {
  double t[32];
  double s = 0;
  for (int i = 0; i < 32; i++) {
    t[i] = in[i] * 2;
    if (i >= k) s += t[i - k] * (i % 7);
  }
  return s;
}
int main(void) {
  double in[32];
  for (int i = 0; i < 32; i++) in[i] = i % 5 + i;
  printf("%.1f\n", window(2, in));
  return 0;
}
