/* trap: a function passes its parameter on to a kernel that leaves values there, then reads them itself
   expect: kernel:t unchanged [read-after-call]
   expect: run:t unchanged
   expect: main:buf unchanged */
#include <stdio.h>
#define N 16
static void kernel(double t[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) t[i][j] = i * 0.5 + j;
}
static double run(double t[N][N]) {
  kernel(t);
  return t[3][7] + t[N - 1][N - 1];
}
int main(void) {
  double buf[N][N];
  printf("%.2f\n", run(buf));
  return 0;
}
