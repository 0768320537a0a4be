/* trap: `double t[4][4]` receives 4x4 cells, used through `t[i / 4][i % 4]` with a read five cells back (across rows)
   expect: kernel:t contracted 6
   expect: main:buf unchanged */
#include <stdio.h>
static double kernel(double t[4][4]) {
  double s = 0;
  for (int i = 0; i < 16; i++) {
    t[i / 4][i % 4] = i + 0.25;
    if (i >= 5) s += t[(i - 5) / 4][(i - 5) % 4] * i;
  }
  return s;
}
int main(void) {
  double buf[4][4];
  printf("%.2f\n", kernel(buf));
  return 0;
}
