/* trap: a parameter declared as a VLA, `double a[n]`, called with n = 0 (an empty input, as code bases do; C evaluates the size on entry and asks for more than 0, compilers neither check nor care): its extent made n >= 1 a fact of the whole function, the access `if (n <= 0 && i >= 2) s += t[i - 2]` had an empty domain and t was scalarized (f(0, NULL) printed 178.5 for 136.5); a parameter's extents are no facts of the function's other arrays
   expect: f:t contracted 3 -- the lag 2 read when n <= 0
   expect: f:a unchanged
   expect: main:a unchanged */
#include <stdio.h>
double f(int n, double a[n]) {
  double t[16];
  double s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = i * 1.5;
    if (n <= 0 && i >= 2) s += t[i - 2];
  }
  if (n > 0) s += a[0];
  return s;
}
int main(void) {
  double a[4] = { 1, 2, 3, 4 };
  printf("%.1f %.1f\n", f(4, a), f(0, NULL));
  return 0;
}
