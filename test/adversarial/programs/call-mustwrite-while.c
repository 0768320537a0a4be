/* trap: a `while` loop on data writes while the input is positive; the cells after the first non-positive input keep the caller's values
   expect: kernel:t unchanged [value-flows-in]
   expect: kernel:in unchanged [loop-header-access]
   expect: main:buf unchanged
   expect: main:in unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], const double in[N]) {
  int k = 0;
  while (k < N && in[k] > 0) {
    t[k] = in[k];
    k++;
  }
  double s = 0;
  for (int i = 0; i < N; i++) s += t[i];
  return s;
}
int main(void) {
  double buf[N], in[N];
  for (int i = 0; i < N; i++) { buf[i] = 100 + i; in[i] = 3 - i; }
  printf("%.2f\n", kernel(buf, in));
  return 0;
}
