/* trap: the writing loop runs n times and the caller passes n == 0; the read after it sees the caller's value
   expect: kernel:t unchanged [value-flows-in]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], int n) {
  for (int i = 0; i < n; i++) t[i] = i * 3.0;
  return t[0] + t[1];
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, 0) + kernel(buf, 1));
  return 0;
}
