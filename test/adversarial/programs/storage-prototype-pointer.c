/* trap: the kernel's prototype spells its parameter as a pointer to rows, which the retyping does not edit: retyping the definition alone would not compile, so nothing is retyped and the buffer keeps its size (the kernel still folds in place)
   expect: kernel:t contracted 2
   expect: main:buf unchanged */
#include <stdio.h>
#define N 24
static double kernel(double (*t)[N]);
int main(void) {
  double buf[N][N];
  printf("%.2f\n", kernel(buf));
  return 0;
}
static double kernel(double t[N][N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      t[i][j] = i * 0.5 + (j > 1 ? t[i][j - 2] : j);
      s += t[i][j];
    }
  return s;
}
