/* trap: the original body kept for N != 30 becomes a function of its own, its header written
   again from the text: a `static inline` header over two lines, a comment naming the function
   and `static` among the parameters, the array parameter's `static 8`
   expect: f:t contracted 3
   expect: f:w unchanged
   expect: main:w unchanged */
#include <stdio.h>
static const int N = 30;
static inline double
f(int k /* f's static gain */, const double w[static 8])
{
  double t[64], r = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 2.0 + k * w[i % 8];
    if (i >= 2)
      r = r * 0.5 + t[i - 2];
  }
  return r;
}
int main(void) {
  double w[8];
  for (int i = 0; i < 8; i++) w[i] = i * 0.25;
  printf("%f\n", f(3, w));
  return 0;
}
