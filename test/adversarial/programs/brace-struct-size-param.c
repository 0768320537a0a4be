/* trap: a struct defined inside the size of an array parameter puts braces before the body's: the copy of the body for other values of N was inserted there
   expect: f:t contracted 3
   expect: f:w unchanged [extent-not-affine]
   expect: main:w unchanged */
#include <stdio.h>
static const int N = 30;
static double f(const double w[sizeof(struct { char c[8]; })]) {
  double t[64], r = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 2.0 + w[i % 8];
    if (i >= 2)
      r = r * 0.5 + t[i - 2];
  }
  return r;
}
int main(void) {
  double w[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  printf("%f\n", f(w));
  return 0;
}
