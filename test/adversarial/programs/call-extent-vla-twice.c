/* trap: a VLA parameter `double t[n]` receives 2n cells and uses them all, each read n + 1 cells back
   (for n unknown no mapping saves anything; every call passes n == 10, for which 12 cells suffice)
   expect: kernel:t contracted 12
   expect: main:buf contracted 12 */
#include <stdio.h>
static double kernel(int n, double t[n]) {
  double s = 0;
  for (int i = 0; i < 2 * n; i++) {
    t[i] = i * 1.5;
    if (i > n) s += t[i - n - 1];
  }
  return s;
}
int main(void) {
  double buf[20];
  printf("%.2f\n", kernel(10, buf));
  return 0;
}
