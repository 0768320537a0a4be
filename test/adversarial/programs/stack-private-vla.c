/* trap: a heap scratch buffer whose row length is known only at run time contracts to one row; as a private VLA on the kernel's stack it overflows the stack for a long row
   expect: kernel:t contracted m
   expect: kernel:out unchanged [read-after-call]
   expect: main:argv unchanged
   expect: main:out unchanged */
#include <stdio.h>
#include <stdlib.h>

static void kernel(int n, int m, double t[n][m], double out[n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) t[i][j] = (double)(i + 1) * (j % 3);
    double s = 0;
    for (int j = 0; j < m; j++) s += t[i][j];
    out[i] = s;
  }
}

int main(int argc, char **argv) {
  (void)argv;
  int n = 3, m = argc > 5 ? 10 : (1 << 21);
  double *t = malloc(sizeof(double) * n * m);
  double out[3];
  kernel(n, m, (double (*)[m])t, out);
  free(t);
  for (int i = 0; i < n; i++) printf("%.1f\n", out[i]);
  return 0;
}
