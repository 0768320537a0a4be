/* trap: `show(kernel(buf, out), buf)`: the buffer is the later argument; show reads it after the kernel ran
   expect: kernel:t unchanged [read-after-call]
   expect: kernel:out scalarized
   expect: show:b unchanged [value-flows-in]
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
static void show(double v, const double b[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) s += b[i];
  printf("%.2f %.2f\n", v, s);
}
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  show(kernel(buf, out), buf);
  return 0;
}
