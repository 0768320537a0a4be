/* trap: `double t[5][8]` receives 16 rows and each row reads the one three rows back: four rows of storage suffice, counted from the accesses
   expect: kernel:t contracted 32 -- t[i % 4][j]: folded in place, no division in the loop (25 cells would need one)
   expect: main:buf contracted 32 */
#include <stdio.h>
static double kernel(double t[5][8]) {
  double s = 0;
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 8; j++) {
      t[i][j] = i * 8 + j;
      if (i >= 3) s += t[i - 3][j] * (j + 1);
    }
  return s;
}
int main(void) {
  double buf[16][8];
  printf("%.1f\n", kernel(buf));
  return 0;
}
