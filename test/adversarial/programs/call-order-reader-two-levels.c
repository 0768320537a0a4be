/* trap: buf is passed after the call to a function that passes it on to one that reads it
   expect: kernel:t unchanged [read-after-call]
   expect: kernel:out unchanged [read-after-call]
   expect: inner:b unchanged [value-flows-in]
   expect: outer:b unchanged
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
static double inner(const double b[N]) { return b[2] + b[5]; }
static double outer(double b[N]) { return inner(b) * 2; }
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  kernel(buf, out);
  printf("%.2f %.2f\n", outer(buf), out[1]);
  return 0;
}
