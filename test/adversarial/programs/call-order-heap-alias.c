/* trap: a second pointer to a malloc'd buffer, taken before the call, reads it after
   expect: kernel:t unchanged [buffer-escapes] -- view = &h[1] reads h after the call
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
  double *h = malloc(N * sizeof *h);
  for (int i = 0; i < N; i++) h[i] = -1;
  double *view = &h[1];
  kernel(h, out);
  printf("%.2f %.2f\n", view[1], out[1]);
  free(h);
  return 0;
}
