/* trap: the extent variable of a VLA grows between its declaration and the call that passes it: the kernel's rows are longer than the array's (fewer of them), so the array keeps its extents (the kernel still folds in place; [1][m] would be overrun)
   expect: kernel:t contracted m
   expect: run:t unchanged */
#include <stdio.h>
static double kernel(int n, int m, double t[n][m]) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      t[i][j] = i * 0.5 + j + (i > 0 ? t[i - 1][j] : 0.0);
      s += t[i][j];
    }
  return s;
}
static double run(int n, int m) {
  double t[n][m];
  m = m + 3;
  return kernel(n - 4, m, t);
}
int main(void) {
  printf("%.2f\n", run(12, 10));
  return 0;
}
