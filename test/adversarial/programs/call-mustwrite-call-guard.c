/* trap: the write is guarded by a call's result, `if (ready()) t[1] = ...`, false here
   expect: kernel:t unchanged [value-flows-in] -- the skipped write lets the caller's value in
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static int ready(void) { return 0; }
static double kernel(double t[N]) {
  if (ready()) t[1] = 3;
  return t[1] * 2;
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf));
  return 0;
}
