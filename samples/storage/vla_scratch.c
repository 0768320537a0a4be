/* A caller's variable-length scratch array passed to a kernel that keeps one row live: the
   kernel folds in place, with no private copy of a size known only at run time, and the
   array's row count shrinks to 1 (`double scratch[1][m]`, the parameter with it). */
#include <stdio.h>

static double smooth(int n, int m, double t[n][m], const double *in) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      t[i][j] = in[(i + j) % 50] + (i > 0 ? t[i - 1][j] * 0.5 : 0.0);
      s += t[i][j];
    }
  return s;
}

static double run(int n, int m, const double *in) {
  double scratch[n][m];
  return smooth(n, m, scratch, in);
}

int main(void) {
  double in[50];
  for (int k = 0; k < 50; k++) in[k] = (double)(k % 9) - 4.0;
  printf("checksum %.4f\n", run(40, 30, in));
  return 0;
}
