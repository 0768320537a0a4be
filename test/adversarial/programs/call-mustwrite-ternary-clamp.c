/* trap: the clamp is a conditional expression, `m = n < N ? n : N`, and the write loop runs m times; the caller passes n == 2
   expect: kernel:t unchanged [value-flows-in]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], int n) {
  int m = n < N ? n : N;
  for (int i = 0; i < m; i++) t[i] = 1;
  return t[0] + t[N - 1];
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, 2));
  return 0;
}
