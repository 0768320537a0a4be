/* A caller's variable-length array whose size is known only at run time, passed to a kernel
   that keeps one column live: the column extent shrinks to 1 where it is spelled, in the
   caller and in the kernel's parameter, and the row extent stays `n` (the same value on both
   sides at the call: `n` is never assigned). */
#include <stdio.h>

static double sweep(int n, double t[n][n], const double *in) {
  double s = 0;
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++) {
      t[i][k] = in[(i + k) % 30] + (k > 0 ? 0.5 * t[i][k - 1] : 0.0);
      s += t[i][k] * (i % 3);
    }
  return s;
}

static double run(int n, const double *in) {
  double t[n][n];
  return sweep(n, t, in);
}

int main(void) {
  double in[30];
  for (int q = 0; q < 30; q++) in[q] = (double)(q % 7) - 3.0;
  printf("checksum %.4f %.4f\n", run(40, in), run(7, in));
  return 0;
}
