/* trap: `kernel(buf, out) > 10 ? buf[1] : buf[2]`: both arms read buf after the call in the condition
   expect: kernel:t unchanged [read-after-call]
   expect: kernel:out unchanged [read-after-call]
   expect: main:buf unchanged
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
  double v = kernel(buf, out) > 10 ? buf[1] : buf[2];
  printf("%.2f %.2f\n", v, out[1]);
  return 0;
}
