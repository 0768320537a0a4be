/* trap: the size N expands M, which the function defines and undefines: a guard on N after the function saw M undefined
   expect: f:t contracted 3 */
#include <stdio.h>
#define N (M * 2)
static double f(void) {
  double s = 0;
#define M 20
  double t[N];
  for (int i = 0; i < N; i++) {
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
