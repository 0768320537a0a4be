/* trap: every direct call of window() passes k == 3, but its address is taken and the call through
   the pointer passes 10: a function reached through a pointer has no values from its calls, t keeps
   every cell (for k unknown, any cell may be read 31 iterations later)
   expect: window:in unchanged [pointer]
   expect: window:t unchanged [no-saving]
   expect: main:in unchanged */
#include <stdio.h>
static double window(int k, const double *in) {
  double t[32];
  double s = 0;
  for (int i = 0; i < 32; i++) {
    t[i] = in[i] * 2;
    if (i >= k) s += t[i - k];
  }
  return s;
}
int main(void) {
  double in[32];
  for (int i = 0; i < 32; i++) in[i] = i % 5;
  double (*f)(int, const double *) = window;
  printf("%.1f %.1f\n", window(3, in), f(10, in));
  return 0;
}
