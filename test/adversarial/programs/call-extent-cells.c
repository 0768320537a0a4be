/* trap: `double t[10]` receives 64 cells; each reads the one six back: seven cells of storage
   expect: kernel:t contracted 8 -- seven cells would need % 7 in the loop: 8, a mask
   expect: main:buf contracted 8 */
#include <stdio.h>
static double kernel(double t[10]) {
  double s = 0;
  for (int i = 0; i < 64; i++) {
    t[i] = i * 0.5;
    if (i >= 6) s += t[i - 6] * i;
  }
  return s;
}
int main(void) {
  double buf[64];
  printf("%.2f\n", kernel(buf));
  return 0;
}
