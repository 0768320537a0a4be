/* GAIN in a #if inside the function: a -DGAIN=2 build takes the other branch. */
#include <stdio.h>
#ifndef GAIN
#define GAIN 1
#endif
#define N 64
int main(void) {
  int t[N], u[N];
  long s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 3 + 1;
    u[i] = i * GAIN;
#if GAIN > 1
    if (i >= 2) s += t[i - 2];
#else
    if (i >= 1) s += t[i - 1];
#endif
  }
  printf("%ld %d\n", s, u[N - 1]);
  return 0;
}
