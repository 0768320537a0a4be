/* trap: an enumeration defined in the parameter list puts a brace before the body's: the copy of the body for other values of N was inserted inside it
   expect: f:t contracted 3 */
#include <stdio.h>
static const int N = 30;
static double f(enum { ONE = 1, TWO } k) {
  double t[64], r = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 2.0 + k;
    if (i >= 2)
      r = r * 0.5 + t[i - 2];
  }
  return r;
}
int main(void) {
  printf("%f\n", f(1));
  return 0;
}
