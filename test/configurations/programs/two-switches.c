/* Two switches in one kernel: FAST reads one row back, WIDE two. Configurations: -DFAST and
   -DWIDE; a build with both (or neither) was never analysed and must not build. */
#include <stdio.h>
#define N 20

static double kernel(const double in[N]) {
  double t[N][N];
  double s = 0;
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
#ifdef FAST
      t[i][j] = in[j] + (i > 0 ? t[i - 1][j] : 1.0);
#else
      t[i][j] = in[j] * 2.0 + (i > 0 ? t[i - 1][j] : 0.0);
#endif
#ifdef WIDE
      s += t[i][j] * 0.5;
#else
      s += t[i][j];
#endif
    }
  return s;
}

int main(void) {
  double in[N];
  int j;
  for (j = 0; j < N; j++) in[j] = (double)(j % 5);
  printf("%.3f\n", kernel(in));
  return 0;
}
