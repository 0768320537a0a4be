/* trap: the write `t[idx[i]] = ...` goes where an index array says (two cells twice, two never); the read covers every cell
   expect: kernel:t unchanged [extents-unproved]
   expect: kernel:idx unchanged [has-initializer]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static const int idx[N] = {0, 1, 1, 2, 3, 3, 4, 5};
static double kernel(double t[N]) {
  for (int i = 0; i < N; i++) t[idx[i]] = i;
  double s = 0;
  for (int i = 0; i < N; i++) s += t[i];
  return s;
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf));
  return 0;
}
