/* trap: the read of buf after the call is spelled in a macro defined outside the function
   expect: kernel:t unchanged [read-after-call]
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
#define SHOW(i) printf("%.2f %.2f\n", buf[i], out[i])
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  kernel(buf, out);
  SHOW(3);
  return 0;
}
