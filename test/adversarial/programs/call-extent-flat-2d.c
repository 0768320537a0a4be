/* trap: `double t[8]` receives a 3x8 array decayed (`kernel(&buf[0][0])`) and reads eight cells back
   expect: kernel:t unchanged [argument-not-a-buffer]
   expect: main:buf unchanged */
#include <stdio.h>
static double kernel(double t[8]) {
  double s = 0;
  for (int i = 0; i < 24; i++) {
    t[i] = i;
    if (i >= 8) s += t[i - 8] * i;
  }
  return s;
}
int main(void) {
  double buf[3][8];
  printf("%.2f\n", kernel(buf[0]));
  return 0;
}
