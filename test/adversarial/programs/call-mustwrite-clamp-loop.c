/* trap: after the clamp `if (n > N) n = N;` the writing loop runs n times; the caller passes n == 0 and the read of t[0] sees its value
   expect: kernel:t unchanged [value-flows-in]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], int n) {
  if (n > N) n = N;
  for (int i = 0; i < n; i++) t[i] = i + 0.5;
  return t[0];
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, 0));
  return 0;
}
