/* trap: the for header's increment `s += buf[k]` runs after the kernel called in the body
   expect: kernel:t unchanged [read-after-call]
   expect: kernel:out unchanged [read-after-call]
   expect: main:buf unchanged [loop-not-modelled]
   expect: main:out unchanged */
#include <stdio.h>
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
  for (int k = 0; k < 3; s += buf[k], k++) kernel(buf, out);
  printf("%.2f %.2f\n", s, out[1]);
  return 0;
}
