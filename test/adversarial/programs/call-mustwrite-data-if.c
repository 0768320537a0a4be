/* trap: a data-dependent `if (in[i] > 0)` guards the write; the cells it skips keep the caller's values, read after
   expect: kernel:t unchanged [value-flows-in]
   expect: kernel:in unchanged [value-flows-in]
   expect: main:buf unchanged
   expect: main:in unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], const double in[N]) {
  for (int i = 0; i < N; i++)
    if (in[i] > 0) t[i] = in[i];
  double s = 0;
  for (int i = 0; i < N; i++) s += t[i];
  return s;
}
int main(void) {
  double buf[N], in[N];
  for (int i = 0; i < N; i++) { buf[i] = 100 + i; in[i] = i % 3 - 1; }
  printf("%.2f\n", kernel(buf, in));
  return 0;
}
