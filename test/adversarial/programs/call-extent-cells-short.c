/* trap: `double t[4]` receives 64 cells and each reads the one six back: the declared 4 cells never see a read
   expect: kernel:t contracted 8 -- the extent is proved from the accesses (64 cells), 6 back; 8, a mask, not % 7 in the loop
   expect: main:buf contracted 8 */
#include <stdio.h>
static double kernel(double t[4]) {
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
