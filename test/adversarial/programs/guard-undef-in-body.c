/* trap: a macro defined and undefined inside the function: the size guard after the function saw it undefined and fired in the very configuration analysed
   expect: f:t contracted 3 */
#include <stdio.h>
static double f(void) {
  double s = 0;
#define M 40
  double t[M];
  for (int i = 0; i < M; i++) {
    t[i] = i * 2.0 + 1;
    if (i >= 2)
      s = s * 0.5 + t[i - 2];
  }
#undef M
  return s;
}
int main(void) {
  printf("%f\n", f());
  return 0;
}
