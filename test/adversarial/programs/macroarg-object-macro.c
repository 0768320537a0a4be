/* trap: `ADD(w[k + LAG], STEP)` with object-like macros in both arguments: the compiler
   expands them before substituting (`((w[k + 2]) += (3))`), so the argument's copy is the
   file's tokens with LAG and STEP replaced; w[k + LAG] is rewritten in place, LAG kept as
   written between the brackets (the result holds for LAG = 2, as for a subscript written
   outside a call). w lives two iterations: 3 cells, the output unchanged
   expect: kern:w contracted 3
   expect: kern:x unchanged
   expect: main:x unchanged */
#include <stdio.h>
#define LAG 2
#define STEP 3
#define ADD(a, b) ((a) += (b))
static double kern(const double *x) {
  double w[64];
  double s = 0;
  for (int k = 0; k < 62; k++) {
    if (k < LAG) w[k] = x[k];
    w[k + LAG] = x[k + LAG] * 0.5;
    ADD(w[k + LAG], STEP);
    s += w[k] * k;
  }
  return s;
}
int main(void) {
  double x[64];
  for (int i = 0; i < 64; i++) x[i] = i * 1.5;
  printf("%g\n", kern(x));
  return 0;
}
