/* trap: the write is the right operand of `&&`: `n > 0 && (t[0] = n)`; with n == 0 it does not happen
   expect: kernel:t unchanged [value-flows-in]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], int n) {
  int ok = n > 0 && (t[0] = n) > 0;
  return t[0] + ok;
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, 0));
  return 0;
}
