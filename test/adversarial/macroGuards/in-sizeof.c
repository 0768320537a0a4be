/* GAIN's value is never read in sizeof(GAIN), but what it names is: -DGAIN=t (which #if
   reads as 0) measures the contracted array, 256 bytes before and 8 after. A macro under
   sizeof keeps its value guard. */
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
    u[i] = i * 2 + (int)sizeof(GAIN);
    if (i >= 1) s += t[i] * t[i - 1] + u[i];
  }
  printf("%ld\n", s);
  return 0;
}
