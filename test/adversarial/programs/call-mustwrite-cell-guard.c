/* trap: the write of t[0] is guarded by an input cell, `if (in[0] > 0)`, negative here; then t[0] is read
   expect: kernel:t unchanged [value-flows-in] -- the skipped write lets the caller's value in
   expect: kernel:in unchanged [value-flows-in]
   expect: main:buf unchanged
   expect: main:in unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], const double in[N]) {
  if (in[0] > 0) t[0] = in[0];
  return t[0] * 2;
}
int main(void) {
  double buf[N], in[N];
  for (int i = 0; i < N; i++) { buf[i] = 100 + i; in[i] = i - 1; }
  printf("%.2f\n", kernel(buf, in));
  return 0;
}
