/* trap: glibc's assert prints the function's name (__PRETTY_FUNCTION__): a copy of the body
   in a function of its own would print another name, so the body stays a block of f (its
   frame shared, BC1510); the result still contracts t
   expect: f:t contracted 3
   expect: main:w unchanged */
#include <assert.h>
#include <stdio.h>
static const int N = 30;
static double f(int k)
{
  double t[64], r = 0;
  assert(k >= 0);
  for (int i = 0; i < N; i++) {
    t[i] = i * 2.0 + k;
    if (i >= 2)
      r = r * 0.5 + t[i - 2];
  }
  return r;
}
int main(void) {
  double w[4] = {1, 2, 3, 4};
  printf("%f\n", f(3) + w[1]);
  return 0;
}
