/* trap: after the clamp `if (n > N) n = N;` the write `if (n > 0) t[0] = ...` does not happen for n == 0; t[0] is then the caller's value
   expect: kernel:t unchanged [value-flows-in] -- the skipped write lets the caller's value in
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], int n) {
  if (n > N) n = N;
  if (n > 0) t[0] = n * 0.5;
  return t[0] * 2;
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, 0));
  return 0;
}
