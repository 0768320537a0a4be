/* trap: a local flag set from the data guards the write, `int w = n % 2; if (w) t[0] = ...`
   expect: kernel:t unchanged [value-flows-in]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], int n) {
  int w = n % 2;
  if (w) t[0] = n;
  return t[0];
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, 4));
  return 0;
}
