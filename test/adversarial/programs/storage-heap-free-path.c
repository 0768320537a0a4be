/* trap: a heap buffer is freed on one path only; on the other the caller reads what the kernel left
   expect: kernel:out unchanged
   expect: kernel:t unchanged
   expect: main:argv unchanged
   expect: main:out unchanged */
#include <stdio.h>
#include <stdlib.h>
#define N 16
static void kernel(double t[N], double out[N]) {
  for (int i = 0; i < N; i++) { t[i] = i * 0.75; out[i] = t[i] * 2; }
}
int main(int argc, char **argv) {
  (void)argv;
  double out[N];
  double *p = malloc(N * sizeof *p);
  if (!p) return 1;
  kernel(p, out);
  double v = out[1];
  if (argc > 5) free(p);
  else { v += p[9]; free(p); }
  printf("%.2f\n", v);
  return 0;
}
