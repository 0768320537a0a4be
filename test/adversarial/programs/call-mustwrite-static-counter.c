/* trap: a static counter of the kernel skips the write on the first call: `if (calls++ > 0) t[0] = ...`
   expect: kernel:t unchanged [value-flows-in] -- the skipped write lets the caller's value in
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N]) {
  static int calls;
  if (calls++ > 0) t[0] = 3;
  return t[0];
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf));
  return 0;
}
