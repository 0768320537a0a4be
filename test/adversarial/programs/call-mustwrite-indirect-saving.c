/* trap: a write through an index array `t[idx[0]]` beside a stream that would shrink: the cell it misses keeps the caller's value
   expect: kernel:t unchanged [extents-unproved]
   expect: kernel:idx unchanged [has-initializer]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static const int idx[2] = {1, 1};
static double kernel(double t[N]) {
  t[idx[0]] = 5;
  double s = t[0];
  for (int i = 2; i < N; i++) {
    t[i] = i;
    s += t[i];
  }
  return s;
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf));
  return 0;
}
