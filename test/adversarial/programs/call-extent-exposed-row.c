/* trap: `double t[2][4]` is written in rows 0..5 and row 6 is read too: that row, past the declared two, holds the caller's values
   expect: kernel:t unchanged [value-flows-in] -- cells past the declared extent are read before any write
   expect: main:buf unchanged */
#include <stdio.h>
static double kernel(double t[2][4]) {
  double s = 0;
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 4; j++) {
      t[i][j] = i + j;
      s += t[i][j];
    }
  for (int j = 0; j < 4; j++) s += t[6][j];
  return s;
}
int main(void) {
  double buf[7][4];
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 4; j++) buf[i][j] = 10 * i + j;
  printf("%.2f\n", kernel(buf));
  return 0;
}
