/* trap: the program defines its own malloc (glibc supports replacing it), which returns the
   same pool every time: a and b are one block, and main() reads b[5] after kern(a, in).
   malloc was the C library's, each block fresh: kern's t was folded to t[0] and b[5] read a
   cell kern never wrote (adversary 2026-11-29)
   expect: kern:t unchanged [buffer-not-analysable]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: malloc:pool unchanged */
#include <stdio.h>
#include <stddef.h>
#define N 16
static double pool[N];
void *malloc(size_t n) {
  (void)n;
  return pool;
}
void free(void *p) { (void)p; }
static double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    s += t[i];
  }
  return s;
}
int main(void) {
  double in[N];
  for (int i = 0; i < N; i++)
    in[i] = i + 1;
  double *a = malloc(N * sizeof *a);
  double *b = malloc(N * sizeof *b);
  double s = kern(a, in);
  printf("%f %f\n", s, b[5]);
  return 0;
}
