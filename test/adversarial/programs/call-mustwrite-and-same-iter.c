/* trap: the write is the right operand of `&&` in each iteration: `in[i] > 0 && (t[i] = in[i])`; negative inputs skip it
   expect: kernel:t unchanged [value-flows-in]
   expect: kernel:in unchanged [value-flows-in]
   expect: main:buf unchanged
   expect: main:in unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], const double in[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    int w = in[i] > 0 && (t[i] = in[i]) != 0;
    s += t[i] + w;
  }
  return s;
}
int main(void) {
  double buf[N], in[N];
  for (int i = 0; i < N; i++) { buf[i] = 100 + i; in[i] = i % 2 ? -1 : i; }
  printf("%.2f\n", kernel(buf, in));
  return 0;
}
