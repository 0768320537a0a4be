/* trap: __attribute__((cleanup(fin))) before the type passes &t to fin when its block ends (fin read every cell of a scalarized t)
   expect: main:t unchanged */
#include <stdio.h>
#define N 40
static double seen;
static void fin(double (*p)[N]) {
  for (int k = 0; k < N; k++)
    seen += (*p)[k] * (k + 1);
}
int main(void) {
  double s = 0;
  {
    __attribute__((cleanup(fin))) double t[N];
    for (int i = 0; i < N; i++) {
      t[i] = i * 2.0 + 1;
      s = s * 0.5 + t[i];
    }
  }
  printf("%f %f\n", s, seen);
  return 0;
}
