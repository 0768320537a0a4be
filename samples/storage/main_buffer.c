/* main's local scratch passed to two kernels in turn, each folding it in place: the buffer
   shrinks to what the larger of them needs, and both parameters are retyped with it. */
#include <stdio.h>
#define N 96

static double prefix(double t[N][N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) t[i][j] = in[(i + 2 * j) % 64];
    for (int j = 1; j < N; j++) t[i][j] += t[i][j - 1];
    s += t[i][N - 1];
  }
  return s;
}

static double blend(double t[N][N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) t[i][j] = in[(3 * i + j) % 64] * (j % 3);
    for (int j = 0; j < N; j++) s += t[i][j] * t[i][N - 1 - j];
  }
  return s;
}

int main(void) {
  double in[64], scratch[N][N];
  for (int k = 0; k < 64; k++) in[k] = (double)(k % 11) - 5.0;
  double a = prefix(scratch, in);
  double b = blend(scratch, in);
  printf("checksum %.4f %.4f\n", a, b);
  return 0;
}
