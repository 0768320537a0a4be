/* trap: the write covers [lo, hi) only; the read covers every cell
   expect: kernel:t unchanged [value-flows-in]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], int lo, int hi) {
  for (int i = lo; i < hi; i++) t[i] = i;
  double s = 0;
  for (int i = 0; i < N; i++) s += t[i];
  return s;
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, 2, 5));
  return 0;
}
