/* trap: a lag m known only at run time in an array of 2m + 2 cells: the modulus m + 1 stays
   below the extent for every m, so the symbolic mapping is taken (the check of moduli that
   grow past their extents must not refuse it)
   expect: lag:t contracted (m + 1) -- t[i % (m + 1)]
   expect: lag:in unchanged
   expect: main:in unchanged */
#include <stdio.h>
double lag(int m, const double *in) {
  double t[2 * m + 2];
  double s = 0;
  for (int i = 0; i < 2 * m + 2; i++) {
    t[i] = in[i % 32] + 1.0;
    if (i >= m) s += t[i - m] * i;
  }
  return s;
}
int main(void) {
  double in[32];
  for (int i = 0; i < 32; i++) in[i] = i;
  for (int m = 0; m < 40; m += 3) printf("%d %.1f\n", m, lag(m, in));
  return 0;
}
