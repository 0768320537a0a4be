/* trap: `double t[4][8]` receives 32 rows and each row reads the one k == 6 back (k a parameter), and within a row the cell before: rows of storage come from k, not from the declared 4
   (every call passes rows == 32 and k == 6: with those values 7 rows of storage;
   a distance known only at run time stays refused: call-extent-param-distance-run-time.c)
   expect: kernel:t contracted 56
   expect: main:buf contracted 56 */
#include <stdio.h>
static double kernel(double t[4][8], int rows, int k) {
  double s = 0;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < 8; j++) {
      t[i][j] = i + j * 0.5;
      if (i >= k) s += t[i - k][j] * (i + 1);
    }
  return s;
}
int main(void) {
  double buf[32][8];
  printf("%.2f\n", kernel(buf, 32, 6));
  return 0;
}
