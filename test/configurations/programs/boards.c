/* Two boards, one kernel: both keep the previous row of t, each reads it its own way.
   Configurations: -DBOARD=1 and -DBOARD=2 (BOARD 2 also weights the left neighbour). */
#include <stdio.h>
#define N 24

#ifndef BOARD
#define BOARD 1
#endif

static double smooth(const double in[N][N]) {
  double t[N][N];
  double s = 0;
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
#if BOARD == 2
      t[i][j] = in[i][j] + (i > 0 ? 0.5 * t[i - 1][j] : 0) + (j > 0 ? 0.25 * in[i][j - 1] : 0);
#else
      t[i][j] = in[i][j] + (i > 0 ? 0.5 * t[i - 1][j] : 0);
#endif
      s += t[i][j];
    }
  return s;
}

int main(void) {
  static double in[N][N];
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) in[i][j] = (double)((i * 7 + j * 3) % 11);
  printf("board %d: %.3f\n", BOARD, smooth(in));
  return 0;
}
