/* trap: a block from alloca is read by its caller after the kernel left values there
   expect: kernel:t unchanged [read-after-call] */
#include <alloca.h>
#include <stdio.h>
#define N 16
static void kernel(double t[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) t[i][j] = i + j * 0.5;
}
static double stage(void) {
  double (*t)[N] = alloca(N * N * sizeof(double));
  kernel(t);
  return t[3][4];
}
int main(void) {
  printf("%.2f\n", stage());
  return 0;
}
