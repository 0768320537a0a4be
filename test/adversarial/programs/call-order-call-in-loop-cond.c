/* trap: the kernel is called in the loop condition and the body reads buf: every read follows a call
   expect: kernel:t unchanged [read-after-call]
   expect: kernel:out scalarized
   expect: main:buf unchanged [loop-header-access]
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
  for (int i = 0; i < N; i++) buf[i] = -1;
  int n = 0;
  double s = 0;
  while (kernel(buf, out) > 0 && n < 3) {
    s += buf[n];
    n++;
  }
  printf("%.2f %d\n", s, n);
  return 0;
}
