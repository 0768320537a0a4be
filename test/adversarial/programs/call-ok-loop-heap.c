/* trap: none: one malloc'd scratch buffer serves a kernel called in a loop and is freed after; nothing else reads it
   expect: kernel:t scalarized
   expect: kernel:out unchanged [read-after-call]
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
int main(void) {
  double out[N], total = 0;
  double *scratch = malloc(N * sizeof *scratch);
  for (int k = 0; k < 4; k++) total += kernel(scratch, out) * k;
  free(scratch);
  printf("%.2f %.2f\n", total, out[3]);
  return 0;
}
