/* trap: a const with __attribute__((mode(QI))) holds 256 as 0 (review 2026-11-26: the model took 256)
   expect: none */
#include <stdio.h>
static double f(void) {
  const int k __attribute__((mode(QI)));
  double t[40], s = 0;
  for (int i = 0; i < 12; i++) {
    t[i] = i * 2.0 + 1;
    if (i >= 2)
      s = s * 3 + t[i - 2 + k / 256];
  }
  return s;
}
int main(void) {
  printf("%f\n", f());
  return 0;
}
