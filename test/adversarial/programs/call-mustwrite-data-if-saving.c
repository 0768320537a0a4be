/* trap: a data-dependent write of t[0] beside a stream of cells that would shrink: the skipped write lets the caller's t[0] in
   expect: kernel:t unchanged [value-flows-in]
   expect: kernel:in unchanged [value-flows-in]
   expect: main:buf unchanged
   expect: main:in unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], const double in[N]) {
  if (in[0] > 0) t[0] = in[0];
  double s = 0;
  for (int i = 1; i < N; i++) {
    t[i] = in[i] * 2;
    s += t[i];
  }
  return s + t[0];
}
int main(void) {
  double buf[N], in[N];
  for (int i = 0; i < N; i++) { buf[i] = 100 + i; in[i] = i - 1; }
  printf("%.2f\n", kernel(buf, in));
  return 0;
}
