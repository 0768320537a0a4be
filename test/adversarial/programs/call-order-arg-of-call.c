/* trap: `report(buf, kernel(buf, out))`: the kernel runs before report's body, which reads buf
   expect: kernel:t unchanged [read-after-call] -- report() reads buf after the kernel ran
   expect: kernel:out scalarized
   expect: report:b unchanged [value-flows-in]
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
static void report(const double b[N], double v) { printf("%.2f %.2f\n", b[3], v); }
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  report(buf, kernel(buf, out));
  return 0;
}
