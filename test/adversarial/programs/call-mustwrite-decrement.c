/* trap: the guard tests a copy of the count changed after the copy, `k = n; k--; if (k >= 0) t[0] = ...`; n == 0 skips it
   expect: kernel:t unchanged [value-flows-in] -- the skipped write lets the caller's value in
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], int n) {
  int k = n;
  k--;
  if (k >= 0) t[0] = k;
  return t[0];
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, 0));
  return 0;
}
