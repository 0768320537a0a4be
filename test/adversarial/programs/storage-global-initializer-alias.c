/* trap: a file-scope initializer keeps the address of a file-scope scratch (static double *alias = w + 1):
   no function names it there, so the array looked like f()'s alone; contracted to two slots, alias[0]
   reads the slot of w[7] instead of w[1]
   expect: f:w unchanged [not-scratch] */
#include <stdio.h>
#define N 8
static double w[N];
static double *alias = w + 1;
static double f(int k) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    w[i] = k + i;
    s += w[i] * (i > 0 ? w[i - 1] : 1.0);
  }
  return s;
}
static double g(void) { return alias[0]; }
int main(int argc, char **argv) {
  double s = f(argc);
  printf("%.1f %.1f\n", s, g());
  return 0;
}
