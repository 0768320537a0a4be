/* A work buffer allocated in main and passed down two levels: run() only passes it on to two
   kernels, each folding it in place. The allocation shrinks to what the larger of them
   needs, and every parameter on the way (run's and the kernels') is retyped with it. */
#include <stdio.h>
#include <stdlib.h>
#define N 128

static double rows(double w[N][N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) w[i][j] = in[(i + 3 * j) % 64];
    for (int j = 1; j < N; j++) w[i][j] += 0.5 * w[i][j - 1];
    s += w[i][N - 1];
  }
  return s;
}

static double pairs(double w[N][N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      w[i][j] = in[(5 * i + j) % 64] - (i > 0 ? w[i - 1][j] : 0.0);
      s += w[i][j] * (j % 4);
    }
  return s;
}

static double run(double w[N][N], const double *in) {
  return rows(w, in) + pairs(w, in);
}

int main(void) {
  double in[64];
  for (int k = 0; k < 64; k++) in[k] = (double)(k % 13) - 6.0;
  double (*work)[N] = malloc(N * N * sizeof(double));
  if (!work) return 1;
  printf("checksum %.4f\n", run(work, in));
  free(work);
  return 0;
}
