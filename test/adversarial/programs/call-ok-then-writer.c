/* trap: none: after the call the buffer goes to a function that writes every cell before reading it
   expect: kernel:t scalarized
   expect: kernel:out unchanged [read-after-call]
   expect: refill:b scalarized
   expect: main:buf contracted 1
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
static double refill(double b[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    b[i] = i;
    s += b[i];
  }
  return s;
}
int main(void) {
  double buf[N], out[N];
  double v = kernel(buf, out);
  printf("%.2f %.2f %.2f\n", v, refill(buf), out[4]);
  return 0;
}
