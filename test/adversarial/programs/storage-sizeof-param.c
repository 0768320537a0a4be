/* trap: the kernel measures its parameter (sizeof t[0]): retyping it to a smaller row would change what it computes
   expect: kernel:out unchanged
   expect: kernel:t unchanged
   expect: main:b unchanged */
#include <stdio.h>
#define N 16
static double kernel(double t[N][N], double *out) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) t[i][j] = i + j;
    for (int j = 0; j < N; j++) s += t[i][j];
  }
  *out = (double)(sizeof t[0] / sizeof t[0][0]);
  return s;
}
int main(void) { double b[N][N], o; double s = kernel(b, &o); printf("%g %g\n", s, o); return 0; }
