/* trap: a heap buffer's pointer is stored in a struct before the call, and read through the struct after it
   expect: kernel:out unchanged
   expect: kernel:t unchanged
   expect: main:out unchanged */
#include <stdio.h>
#include <stdlib.h>
#define N 16
struct ctx { double *scratch; };
static void kernel(double t[N], double out[N]) {
  for (int i = 0; i < N; i++) { t[i] = i * 1.25; out[i] = t[i] + 1; }
}
int main(void) {
  struct ctx c;
  double out[N];
  double *p = malloc(N * sizeof *p);
  if (!p) return 1;
  c.scratch = p;
  kernel(p, out);
  printf("%.2f %.2f\n", out[2], c.scratch[7]);
  free(p);
  return 0;
}
