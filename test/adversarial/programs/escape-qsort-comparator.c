/* trap: main() sorts its buffer t with qsort before kern(t, in), and the comparator keeps
   the lowest element address it is given (the array's own elements, C17 7.22.5); main()
   reads seen[5] after the call. qsort was a C library function that keeps no address:
   kern's t was folded to t[0] and seen[5] read a cell kern never wrote (adversary
   2026-11-29)
   expect: kern:t unchanged [callee-keeps-address]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:t unchanged */
#include <stdio.h>
#include <stdlib.h>
#define N 16
static const double *seen;
static int cmp(const void *a, const void *b) {
  const double *x = a, *y = b;
  if (!seen || x < seen)
    seen = x;
  return (*x > *y) - (*x < *y);
}
static double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    s += t[i];
  }
  return s;
}
int main(void) {
  double in[N], t[N];
  for (int i = 0; i < N; i++)
    in[i] = t[i] = (i * 7) % N + 1;
  qsort(t, N, sizeof t[0], cmp);
  double s = kern(t, in);
  printf("%f %f\n", s, seen[5]);
  return 0;
}
