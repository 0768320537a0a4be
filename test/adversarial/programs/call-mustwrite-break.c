/* trap: a `break` on a data condition ends the writing loop early; the cells after it keep the caller's values
   expect: kernel:t unchanged [statement-not-modelled]
   expect: kernel:in unchanged [statement-not-modelled]
   expect: main:buf unchanged
   expect: main:in unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], const double in[N]) {
  int i;
  for (i = 0; i < N; i++) {
    if (in[i] < 0) break;
    t[i] = in[i] * 2;
  }
  double s = 0;
  for (int j = 0; j < N; j++) s += t[j];
  return s + i;
}
int main(void) {
  double buf[N], in[N];
  for (int i = 0; i < N; i++) { buf[i] = 100 + i; in[i] = 4 - i; }
  printf("%.2f\n", kernel(buf, in));
  return 0;
}
