/* trap: `(kernel)(buf, out)` calls the kernel with its name in parentheses; buf is read after
   expect: kernel:t unchanged [called-from-unseen-code]
   expect: kernel:out unchanged [called-from-unseen-code]
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
static double use(void) {
  double scratch[N], o[N];
  return kernel(scratch, o);
}
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  double v = (kernel)(buf, out) + use();
  printf("%.2f %.2f %.2f\n", v, buf[3], out[2]);
  return 0;
}
