/* GAIN reaches a subscript through a local: `k = GAIN; ... t[i - k]`. The model follows k,
   so the window of t depends on GAIN: a -DGAIN=2 build must stop at `#if GAIN != 1`. */
#include <stdio.h>
#ifndef GAIN
#define GAIN 1
#endif
#define N 64
int main(void) {
  int t[N];
  long s = 0;
  const int k = GAIN;
  for (int i = 0; i < N; i++) {
    t[i] = i * 3 + 1;
    if (i >= 2) s += t[i - k];
  }
  printf("%ld\n", s);
  return 0;
}
