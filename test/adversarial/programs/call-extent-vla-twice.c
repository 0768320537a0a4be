/* trap: a VLA parameter `double t[n]` receives 2n cells and uses them all, each read n + 1 cells back
   expect: kernel:t unchanged [no-saving]
   expect: main:buf unchanged */
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
