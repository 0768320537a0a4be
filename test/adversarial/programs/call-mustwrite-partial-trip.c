/* trap: the writing loop runs n < N times; the read of all N cells sees the caller's values in the rest
   expect: kernel:t unchanged [value-flows-in]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], int n) {
  for (int i = 0; i < n; i++) t[i] = i * 3.0;
  double s = 0;
  for (int i = 0; i < N; i++) s += t[i];
  return s;
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, 3));
  return 0;
}
