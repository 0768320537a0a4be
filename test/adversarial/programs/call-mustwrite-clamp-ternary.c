/* trap: after `n = n > N ? N : n;` the write `if (n > 0) t[0] = ...` is skipped for n == 0
   expect: kernel:t unchanged [value-flows-in] -- the skipped write lets the caller's value in
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], int n) {
  n = n > N ? N : n;
  if (n > 0) t[0] = n;
  return t[0] * 2;
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, 0));
  return 0;
}
