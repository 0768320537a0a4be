/* The caller's buffer shrinks with the parameter folded in it, and an #ifdef in the caller
   reads it after the call. Configurations: (none) and -DX. */
#include <stdio.h>
#define N 8

static double kernel(double t[N][N]) {
  double s = 0;
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      t[i][j] = i + j + (i > 0 ? t[i - 1][j] : 0);
      s += t[i][j];
    }
  return s;
}

int main(void) {
  double buf[N][N];
  double s = kernel(buf);
#ifdef X
  s += buf[N - 1][3];
#endif
  printf("%.1f\n", s);
  return 0;
}
