/* trap: a nested function (GNU C) reading the caller's buffer is handed to another function after the
   kernel call, which calls it: the read runs after the call though no use of the buffer follows it
   expect: kernel:t unchanged [caller-unstructured]
   expect: main:buf unchanged
   expect: main:argv unchanged */
#include <stdio.h>
#define N 16
static double kernel(double t[N][N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      t[i][j] = i * 0.25 + j + (i > 0 ? t[i - 1][j] : 0.0);
      s += t[i][j];
    }
  return s;
}
static double twice(double (*f)(int), int k) { return 2 * f(k); }
int main(int argc, char **argv) {
  double buf[N][N];
  double row(int k) { return buf[k][2] + buf[k][7]; }
  double r = kernel(buf);
  printf("%.2f %.2f\n", r, twice(row, N - 1 - argc));
  return 0;
}
