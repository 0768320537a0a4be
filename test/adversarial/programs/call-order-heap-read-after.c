/* trap: a calloc'd buffer is read after the call, then freed
   expect: kernel:t unchanged [read-after-call]
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
  double out[N];
  double *h = calloc(N, sizeof *h);
  kernel(h, out);
  printf("%.2f %.2f\n", h[2], out[1]);
  free(h);
  return 0;
}
