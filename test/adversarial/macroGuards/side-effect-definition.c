/* GAIN only scales the values stored into u, but another definition can touch the
   contracted t: -DGAIN='(t[0] = 1)' clobbers a cell the contraction reuses. The value may
   change (any integer gives the same result), a definition that is no integer expression
   must stop the build. */
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
    if (i >= 1) s += t[i] * t[i - 1] + u[i];
  }
  printf("%ld\n", s);
  return 0;
}
