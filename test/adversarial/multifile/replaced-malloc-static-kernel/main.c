/* trap: a static kernel (no function of this file has external linkage and a pointer: no
   view of the set was built) gets a = malloc(...), and main() reads b[5] after the call;
   alloc.c's malloc returns one pool for both: kern's t was folded to t[0] (adversary
   2026-11-29)
   expect: kern:t unchanged [buffer-not-analysable]
   expect: kern:in unchanged
   expect: main:in unchanged
*/
#include <stdio.h>
#include <stdlib.h>
#define N 16
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
  for (int i = 0; i < N; i++) in[i] = i + 1;
  double *a = malloc(N * sizeof *a);
  double *b = malloc(N * sizeof *b);
  double s = kern(a, in);
  printf("%f %f\n", s, b[5]);
  return 0;
}
