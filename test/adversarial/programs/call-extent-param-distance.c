/* trap: `double t[8]` receives 64 cells and reads k cells back with k == 10 a parameter: the distance exceeds the declared extent
   expect: kernel:t unchanged [value-flows-in]
   expect: main:buf unchanged */
#include <stdio.h>
static double kernel(double t[8], int n, int k) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    t[i] = i + 0.5;
    if (i >= k) s += t[i - k] * i;
  }
  return s;
}
int main(void) {
  double buf[64];
  printf("%.2f\n", kernel(buf, 64, 10));
  return 0;
}
