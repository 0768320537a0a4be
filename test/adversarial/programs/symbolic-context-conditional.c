/* trap: a VLA declared under a condition, `if (m >= 0) { char z[m + 1]; ... }`: its extent says m >= 0 only where its declaration ran, but it was a fact of the whole function, so the access `if (m < 0 && i >= 2) s += t[i - 2]` had an empty domain and t was scalarized (f(-1) printed 990 for 870); a VLA's extents are facts of the function only when it is declared first, and of the array's own accesses
   expect: f:t contracted 3 -- the lag 2 read when m < 0
   expect: f:z scalarized
   expect: f:in unchanged
   expect: main:in unchanged */
#include <stdio.h>
double f(int m, const double *in) {
  double t[32];
  double s = 0;
  if (m >= 0) {
    char z[m + 1];
    for (int i = 0; i <= m; i++) z[i] = (char)i;
    s += z[m];
  }
  for (int i = 0; i < 32; i++) {
    t[i] = in[i] * 2;
    if (m < 0 && i >= 2) s += t[i - 2];
  }
  return s;
}
int main(void) {
  double in[32];
  for (int i = 0; i < 32; i++) in[i] = i;
  printf("%.1f %.1f\n", f(3, in), f(-1, in));
  return 0;
}
