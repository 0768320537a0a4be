/* trap: none: two callers pass their own local scratch buffers and read only the outputs
   expect: kernel:t scalarized
   expect: kernel:out unchanged [read-after-call]
   expect: left:a contracted 1
   expect: left:o unchanged
   expect: right:b contracted 1
   expect: right:o unchanged */
#include <stdio.h>
#include <stdlib.h>
#define N 8
static double kernel(double t[N], double out[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5 + 1;
    out[i] = t[i] * t[i];
    s += out[i];
  }
  return s;
}
static double left(void) {
  double a[N], o[N];
  return kernel(a, o) + o[1];
}
static double right(void) {
  double b[N], o[N];
  double v = kernel(b, o);
  return v - o[2];
}
int main(void) {
  printf("%.2f %.2f\n", left(), right());
  return 0;
}
