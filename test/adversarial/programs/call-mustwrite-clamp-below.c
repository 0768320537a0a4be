/* trap: after the lower clamp `if (n < 0) n = 0;` the write `if (n > 0)` is skipped for n == -3
   expect: kernel:t unchanged [value-flows-in] -- the skipped write lets the caller's value in
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], int n) {
  if (n < 0) n = 0;
  if (n > 0) t[1] = n;
  return t[1];
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, -3));
  return 0;
}
