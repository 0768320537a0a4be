/* trap: `double t[64]` receives an 8-cell buffer and the kernel uses only 8 cells: sound to contract
   expect: kernel:t contracted 2
   expect: main:buf contracted 2 */
#include <stdio.h>
static double kernel(double t[64], int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    t[i] = i * 2.0;
    if (i >= 1) s += t[i - 1] * t[i];
  }
  return s;
}
int main(void) {
  double buf[8];
  printf("%.2f\n", kernel(buf, 8));
  return 0;
}
