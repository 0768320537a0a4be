/* GAIN only divides a stored value, but -DGAIN=0 makes that statement undefined: the value
   guard stays. */
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
    u[i] = 1000 / GAIN;
    if (i >= 1) s += t[i] * t[i - 1] + u[i];
  }
  printf("%ld\n", s);
  return 0;
}
