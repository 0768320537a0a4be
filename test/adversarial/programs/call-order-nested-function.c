/* trap: a nested function (GNU C) written before the kernel call reads the caller's buffer, and runs after
   the call: its reads were taken to come before it (the kernel folded to t[0][j], peek() read a dead row)
   expect: kernel:t unchanged [caller-unstructured]
   expect: main:buf unchanged
   expect: main:argv unchanged */
#include <stdio.h>
#define N 16
static double kernel(double t[N][N]) {
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
  double peek(void) { return buf[N - 1][3]; }
  double r = kernel(buf);
  printf("%.2f %.2f\n", r, peek());
  return 0;
}
