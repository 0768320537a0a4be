/* trap: none: the caller's scratch is a VLA of a size known at run time; the kernel's private copy is a scalar
   expect: kernel:t scalarized
   expect: kernel:out unchanged [read-after-call]
   expect: main:argv unchanged
   expect: main:scratch contracted 1 -- a run-time extent shrinks where it is spelled (issue 26)
   expect: main:out unchanged */
#include <stdio.h>
#include <stdlib.h>
#define N 8
static double kernel(double t[N], double out[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5 + 1;
    out[i] = t[i] * t[i];
    s += out[i];
  }
  return s;
}
int main(int argc, char **argv) {
  (void)argv;
  int n = N + argc - 1;
  double scratch[n], out[N];
  printf("%.2f %.2f\n", kernel(scratch, out), out[5]);
  return 0;
}
