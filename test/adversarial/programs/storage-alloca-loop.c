/* trap: alloca in a loop: each turn gets fresh stack memory, but the first turn's block is kept and read after the loop
   expect: kernel:t unchanged [buffer-escapes] */
#include <alloca.h>
#include <stdio.h>
#define N 16
static double kernel(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 0.5;
    s += t[i];
  }
  return s;
}
int main(void) {
  double s = 0;
  double *first = 0;
  for (int k = 0; k < 3; k++) {
    double *p = alloca(N * sizeof(double));
    s += kernel(p);
    if (!first) first = p;
  }
  printf("%.2f %.2f\n", s, first[5]);
  return 0;
}
