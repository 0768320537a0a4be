/* trap: `double t[8]` receives 64 cells and reads k cells back with k == 10 a parameter: the distance exceeds the declared extent
   (every call passes n == 64 and k == 10: with those values the reads stay 10 cells back, a window of 11;
   call-extent-param-distance-run-time.c keeps k unknown)
   expect: kernel:t contracted 11
   expect: main:buf contracted 11 */
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
