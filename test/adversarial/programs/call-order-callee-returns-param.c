/* trap: the kernel returns its own parameter; the caller reads the buffer through the returned pointer
   expect: kernel:t unchanged [returned]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double *kernel(double t[N]) {
  for (int i = 0; i < N; i++) t[i] = i * 2.5;
  return t;
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  double *r = kernel(buf);
  printf("%.2f\n", r[3]);
  return 0;
}
