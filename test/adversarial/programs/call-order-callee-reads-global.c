/* trap: the kernel itself reads the caller's buffer through a global pointer set to `&buf[0]` before the call
   expect: kernel:t unchanged [buffer-escapes] -- buf's address escapes (watch): every alias refuses
   expect: kernel:out unchanged [read-after-call]
   expect: probe:t unchanged [buffer-escapes] -- probe() reads buf through watch
   expect: main:buf unchanged [element-address-taken]
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
static const double *watch;
static double probe(double t[N]) {
  for (int i = 0; i < N; i++) t[i] = i + 0.5;
  return watch[3];
}
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  watch = &buf[0];
  double v = probe(buf);
  kernel(buf, out);
  printf("%.2f %.2f\n", v, out[1]);
  return 0;
}
