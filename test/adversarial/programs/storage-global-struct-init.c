/* trap: a file-scope struct's initializer keeps a pointer into a file-scope scratch ({ 1, w + N - 1 }):
   scalarized, the initializer would take a double for a pointer (did not compile)
   expect: f:w unchanged [not-scratch] */
#include <stdio.h>
#define N 8
static double w[N];
static struct { int k; double *p; } ctx = { 1, w + N - 1 };
static double f(int k) {
  double s = 0;
  for (int i = 0; i < N; i++) { w[i] = k + i; s += w[i]; }
  return s;
}
static double g(void) { return *ctx.p; }
int main(int argc, char **argv) {
  double s = f(argc);
  printf("%.1f %.1f\n", s, g());
  return 0;
}
