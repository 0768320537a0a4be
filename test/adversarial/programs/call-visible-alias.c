/* trap: `__attribute__((alias("kernel")))` gives the static kernel a second, external name; main calls it by that name and reads buf after
   expect: kernel:t unchanged [called-from-unseen-code] -- called by another name, buf read after
   expect: kernel:out unchanged [called-from-unseen-code] -- called by another name, out read after
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
double kernel_entry(double t[N], double out[N]) __attribute__((alias("kernel")));
static double use(void) {
  double scratch[N], o[N];
  return kernel(scratch, o);
}
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  double v = kernel_entry(buf, out) + use();
  printf("%.2f %.2f %.2f\n", v, buf[3], out[2]);
  return 0;
}
