/* trap: __COUNTER__ in a body copied under a run-time guard counts twice (review 2026-11-26)
   expect: f:t unchanged */
#include <stdio.h>
static const int N = 12;
static double f(void) {
  double t[40], s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 2.0 + 1;
    if (i >= 1)
      s = s * 3 + t[i - 1];
  }
  return s + __COUNTER__;
}
int main(void) {
  printf("%f %d\n", f(), __COUNTER__);
  return 0;
}
