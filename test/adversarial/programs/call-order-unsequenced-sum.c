/* trap: `buf[2] + kernel(buf, out)`: the operands of + are unsequenced, so the read of buf[2] may follow the call
   expect: kernel:t unchanged [read-after-call] -- the read of buf[2] is unsequenced with the call
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
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  double v = buf[2] + kernel(buf, out);
  printf("%.2f\n", v);
  return 0;
}
