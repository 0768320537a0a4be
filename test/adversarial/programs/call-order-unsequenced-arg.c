/* trap: `show(buf[3], kernel(buf, out))`: the two arguments are unsequenced, so the read of buf[3] may follow the call (gcc evaluates the kernel first)
   expect: kernel:t unchanged [read-after-call] -- the read of buf[3] is unsequenced with the call
   expect: kernel:out scalarized
   expect: main:buf unchanged
   expect: main:out contracted 1 */
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
static void show(double a, double v) { printf("%.2f %.2f\n", a, v); }
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  show(buf[3], kernel(buf, out));
  return 0;
}
