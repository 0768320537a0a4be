/* trap: the prototype is spelled by a function-like macro: it cannot be retyped, so the caller's buffer
   keeps its size (the kernel still folds in place)
   expect: colsk:t contracted 12
   expect: main:buf unchanged
   expect: main:argv unchanged */
#include <stdio.h>
#define N 12
#define DECLARE(f) static double f(double t[N][N])
DECLARE(colsk);
static double colsk(double t[N][N]) {
  double s = 0;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++) {
      t[i][j] = i * 2.0 - j + (j > 0 ? t[i][j - 1] : 0.0);
      s += t[i][j] * (i + 1);
    }
  return s;
}
int main(int argc, char **argv) {
  
  double buf[N][N];
  printf("%.2f\n", colsk(buf));
  return 0;
}
