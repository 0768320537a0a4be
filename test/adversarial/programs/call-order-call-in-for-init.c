/* trap: the kernel is called in the for header's first clause; the body reads buf after it
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
  double s = 0;
  int i;
  for (kernel(buf, out), i = 0; i < N; i++) s += buf[i];
  printf("%.2f\n", s);
  return 0;
}
