/* trap: kissfft's form `C_MUL(w[k], x[k], g)`, the written element an argument of a
   function-like macro and the read one an argument of another, both used once by their
   bodies; w lives two iterations (w[k - 2] is read), folded to 3 cells the arguments must
   read `w[(k) % 3]`-like cells in place, the sum unchanged
   expect: kern:w contracted 3
   expect: kern:x unchanged
   expect: main:x unchanged */
#include <stdio.h>
#define C_MUL(m, a, b) ((m) = (a) * (b))
#define C_ADDTO(res, a) ((res) += (a))
static double kern(const double *x, int n) {
  double w[64];
  double s = 0;
  for (int k = 0; k < 64; k++) {
    C_MUL(w[k], x[k], 0.5);
    if (k >= 2) C_ADDTO(s, w[k - 2] * n);
  }
  return s;
}
int main(void) {
  double x[64];
  for (int i = 0; i < 64; i++) x[i] = i * 1.5;
  printf("%g\n", kern(x, 3));
  return 0;
}
