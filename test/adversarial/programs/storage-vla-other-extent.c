/* trap: a VLA passed with another variable for its row length (longer rows, fewer of them): the kernel's rows are not the array's, so the array keeps its extents ([1][m] would be overrun)
   expect: kernel:t contracted w
   expect: run:t unchanged */
#include <stdio.h>
static double kernel(int n, int w, double t[n][w]) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < w; j++) {
      t[i][j] = i * 0.5 + j + (i > 0 ? t[i - 1][j] : 0.0);
      s += t[i][j];
    }
  return s;
}
static double run(int n, int m) {
  double t[n][m];
  int w = m + 3;
  return kernel(n - 4, w, t);
}
int main(void) {
  printf("%.2f\n", run(12, 10));
  return 0;
}
