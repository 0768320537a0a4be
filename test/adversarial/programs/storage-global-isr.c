/* trap: a file-scope scratch filled by one function is read by an interrupt-style handler that is only called through a pointer
   expect: fill:buf unchanged
   expect: isr:buf unchanged */
#include <stdio.h>
#define N 16
static double buf[N];
static double fill(double x) {
  double s = 0;
  for (int i = 0; i < N; i++) { buf[i] = x * i; s += buf[i]; }
  return s;
}
static double isr(void) { return buf[3] + buf[N - 1]; }
static double (*const vector[1])(void) = { isr };
int main(void) {
  double s = fill(1.5);
  printf("%.2f %.2f\n", s, vector[0]());
  return 0;
}
