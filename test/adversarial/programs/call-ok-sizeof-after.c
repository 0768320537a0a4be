/* trap: none: after the call buf appears only in `sizeof buf`, which reads nothing
   expect: kernel:t scalarized
   expect: kernel:out unchanged [read-after-call]
   expect: main:buf unchanged
   expect: main:out unchanged */
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
int main(void) {
  double buf[N], out[N];
  double v = kernel(buf, out);
  printf("%.2f %zu %.2f\n", v, sizeof buf / sizeof(double), out[4]);
  return 0;
}
