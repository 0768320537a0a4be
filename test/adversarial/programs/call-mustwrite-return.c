/* trap: an early `return` leaves the second half unwritten, and the value returned reads the caller's cells
   expect: kernel:t unchanged [statement-not-modelled]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], int stop) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    if (i == stop) return s + t[N - 1];
    t[i] = i;
    s += t[i];
  }
  return s;
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, 4));
  return 0;
}
