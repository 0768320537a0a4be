/* Kernels declared before main and defined after it: the scratch buffer of main shrinks,
   and every declaration of the parameters it reaches, prototypes included, is retyped with
   it (a prototype left as it was would no longer match its definition). */
#include <stdio.h>
#define N 80

static double filter(double t[N][N], const double *in);
static double stage(double [][N], const double *);

int main(void) {
  double in[50], scratch[N][N];
  for (int k = 0; k < 50; k++) in[k] = (double)(k % 7) - 3.0;
  printf("checksum %.4f\n", stage(scratch, in));
  return 0;
}

static double stage(double t[N][N], const double *in) { return filter(t, in) * 0.5; }

static double filter(double t[N][N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      t[i][j] = in[(i + 4 * j) % 50] + (j > 1 ? t[i][j - 2] : 0.0);
      s += t[i][j] * (i % 5);
    }
  return s;
}
