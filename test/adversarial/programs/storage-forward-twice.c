/* trap: a buffer passed twice to a function that passes each parameter on to its own kernel: both kernels would fold in place in one buffer
   expect: kernel:t unchanged [passed-twice]
   expect: other:u unchanged [passed-twice]
   expect: run:t unchanged
   expect: run:u unchanged
   expect: main:buf unchanged */
#include <stdio.h>
#define N 16
static double kernel(double t[N][N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      t[i][j] = i + j * 0.5;
      s += t[i][j];
    }
  return s;
}
static double other(double u[N][N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) u[i][j] = i * j;
    for (int j = 0; j < N; j++) s += u[i][N - 1 - j] * j;
  }
  return s;
}
static double run(double t[N][N], double u[N][N]) { return kernel(t) + other(u); }
int main(void) {
  double buf[N][N];
  printf("%.2f\n", run(buf, buf));
  return 0;
}
