/* trap: a file-scope mode variable guards the write; main sets it to 0 before the call
   expect: kernel:t unchanged [value-flows-in] -- the skipped write lets the caller's value in
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static int mode = 1;
static double kernel(double t[N]) {
  if (mode) t[2] = 7;
  return t[2];
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  mode = 0;
  printf("%.2f\n", kernel(buf));
  return 0;
}
