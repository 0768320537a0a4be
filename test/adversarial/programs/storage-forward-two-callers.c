/* trap: a function that only passes its parameter on is called from two places; one caller reads its buffer after the call
   expect: kernel:t unchanged [read-after-call]
   expect: run:t unchanged
   expect: first:a unchanged
   expect: second:b unchanged */
#include <stdio.h>
#define N 16
static double kernel(double t[N][N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      t[i][j] = i * 0.25 + j;
      s += t[i][j];
    }
  return s;
}
static double run(double t[N][N]) { return kernel(t); }
static double first(void) {
  double a[N][N];
  return run(a);
}
static double second(void) {
  double b[N][N];
  double s = run(b);
  return s + b[2][5];
}
int main(void) {
  printf("%.2f %.2f\n", first(), second());
  return 0;
}
