/* trap: `double t[static 8]` promises at least 8 cells; the caller passes 40 and the kernel reads five back
   expect: kernel:t contracted 6
   expect: main:buf contracted 6 */
#include <stdio.h>
static double kernel(double t[static 8]) {
  double s = 0;
  for (int i = 0; i < 40; i++) {
    t[i] = i + 1;
    if (i >= 5) s += t[i - 5] * t[i];
  }
  return s;
}
int main(void) {
  double buf[40];
  printf("%.2f\n", kernel(buf));
  return 0;
}
