/* trap: `double t[4][8]` receives 16 rows and each row reads the one four rows back: within the declared 4 rows no row is ever read back
   expect: kernel:t contracted 40 -- 16 rows proved from the accesses; t[i % 5][j], folded in place (33 cells would divide in the loop)
   expect: main:buf contracted 40 */
#include <stdio.h>
static double kernel(double t[4][8]) {
  double s = 0;
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 8; j++) {
      t[i][j] = i * 8 + j;
      if (i >= 4) s += t[i - 4][j] * (j + 1);
    }
  return s;
}
int main(void) {
  double buf[16][8];
  printf("%.1f\n", kernel(buf));
  return 0;
}
