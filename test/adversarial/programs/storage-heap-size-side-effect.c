/* trap: heap buffers whose allocation sizes do more than give a size: `malloc(sizeof(double[N])
   + 0 * count(1))` calls count(), `calloc(N + 0 * made++, sizeof(double))` steps made. Each
   carries values for kern's t only, so it shrank, and its size argument was written again as
   `1 * sizeof(double)`, `1`: the call and the step were dropped (printed 0 0 for 1 1)
   (adversary 2026-11-29b)
   expect: kern:t scalarized
   expect: kern:in unchanged
   expect: main:in unchanged */
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
static int calls;
static size_t count(size_t n) {
  calls++;
  return n;
}
int main(void) {
  double in[N];
  int made = 0;
  for (int i = 0; i < N; i++) in[i] = i + 1;
  double *a = malloc(sizeof(double[N]) + 0 * count(1));
  double *b = calloc(N + 0 * made++, sizeof(double));
  double s = kern(a, in) + kern(b, in);
  printf("%f %d %d\n", s, calls, made);
  free(a);
  free(b);
  return 0;
}
