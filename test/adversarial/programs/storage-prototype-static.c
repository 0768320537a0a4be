/* trap: the prototype promises at least N rows (double t[static N][N]); the definition and main's buffer were
   retyped to [1][N] and the prototype kept [static N]: the call passed fewer rows than promised (undefined
   behaviour; gcc -Wall: -Wstringop-overflow). The buffer keeps its size, the kernel folds in place
   expect: kernel:t contracted 16
   expect: main:buf unchanged
   expect: main:argv unchanged */
#include <stdio.h>
#define N 16
static double kernel(double t[static N][N]);
static double kernel(double t[static N][N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      t[i][j] = i + 0.5 * j + (i > 0 ? t[i - 1][j] : 0.0);
      s += t[i][j];
    }
  return s;
}
int main(int argc, char **argv) {
  double buf[N][N];
  printf("%.2f\n", kernel(buf));
  return 0;
}
