/* trap: the call `CALL(nel)` expands to `kernel(buf, out)` through token pasting; buf is read after
   expect: kernel:t unchanged [read-after-call]
   expect: kernel:out unchanged [read-after-call]
   expect: use:scratch unchanged
   expect: use:o unchanged
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
#define CALL(x) ker##x(buf, out)
static double use(void) {
  double scratch[N], o[N];
  return kernel(scratch, o);
}
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  double v = CALL(nel) + use();
  printf("%.2f %.2f %.2f\n", v, buf[3], out[2]);
  return 0;
}
