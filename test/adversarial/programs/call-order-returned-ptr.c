/* trap: a pointer returned by an earlier call (`q = first(buf)`) reads buf after the kernel ran
   expect: kernel:t unchanged [callee-keeps-address] -- buf is read through an alias after the call
   expect: kernel:out unchanged [read-after-call]
   expect: main:buf unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 8
static void kernel(double t[N], double out[N]) {
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5 + 1;
    out[i] = t[i] * t[i];
  }
}
static double *first(double *p) { return p; }
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  double *q = first(buf);
  kernel(buf, out);
  printf("%.2f %.2f\n", q[6], out[2]);
  return 0;
}
