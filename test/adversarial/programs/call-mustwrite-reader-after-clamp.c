/* trap: after the kernel's call buf goes to post(), which writes b[0] only for n > 0 after a clamp and then reads it: with n == 0 it reads what the kernel left
   expect: kernel:t unchanged [read-after-call] -- post() may read what the kernel left
   expect: kernel:out scalarized
   expect: post:b unchanged [value-flows-in] -- the write of b[0] is skipped for n == 0
   expect: main:buf unchanged
   expect: main:out contracted 1 */
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
static double post(double b[N], int n) {
  if (n > N) n = N;
  if (n > 0) b[0] = n;
  return b[0];
}
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  double v = kernel(buf, out);
  printf("%.2f %.2f\n", v, post(buf, 0));
  return 0;
}
