/* trap: realloc grows the buffer after the call and keeps its first cells, which the caller then reads
   expect: kernel:out unchanged
   expect: kernel:t unchanged
   expect: main:out unchanged */
#include <stdio.h>
#include <stdlib.h>
#define N 16
static void kernel(double t[N], double out[N]) {
  for (int i = 0; i < N; i++) { t[i] = i * 0.5 + 1; out[i] = t[i]; }
}
int main(void) {
  double out[N];
  double *p = malloc(N * sizeof *p);
  if (!p) return 1;
  kernel(p, out);
  double *q = realloc(p, 2 * N * sizeof *q);
  if (!q) { free(p); return 1; }
  printf("%.2f %.2f\n", out[3], q[5]);
  free(q);
  return 0;
}
