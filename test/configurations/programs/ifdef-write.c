/* An #ifdef adds a write: with X the first loop's values are all overwritten before they are
   read (t is a scalar), without X they are read (t needs every cell). Configurations: (none)
   and -DX. */
#include <stdio.h>
#define N 16

static double f(void) {
  double t[N];
  double s = 0;
  int i;
  for (i = 0; i < N; i++) t[i] = i;
  for (i = 0; i < N; i++) {
#ifdef X
    t[i] = 2 * i;
#endif
    s += t[i] * (i + 1);
  }
  return s;
}

int main(void) {
  printf("%.1f\n", f());
  return 0;
}
