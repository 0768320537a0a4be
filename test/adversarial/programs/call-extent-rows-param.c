/* trap: `double t[3][N]` with the row count a parameter; the caller passes 12 rows and each row reads the one two back
   expect: kernel:t contracted 18 -- rows proved from the accesses
   expect: main:buf contracted 18 */
#include <stdio.h>
#define N 6
static double kernel(double t[3][N], int rows) {
  double s = 0;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < N; j++) {
      t[i][j] = i - j;
      if (i >= 2) s += t[i - 2][j] * i;
    }
  return s;
}
int main(void) {
  double buf[12][N];
  printf("%.1f\n", kernel(buf, 12));
  return 0;
}
