/* trap: the kernel is declared again inside main (a block-scope prototype): the caller's buffer would shrink
   to [N][1] with the definition retyped, and the prototype left as is conflicts with it (did not compile)
   expect: colsk:t contracted 12
   expect: main:buf unchanged
   expect: main:argv unchanged */
#include <stdio.h>
#define N 12
static double colsk(double t[N][N]) {
  double s = 0;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++) {
      t[i][j] = i * 2.0 - j + (j > 0 ? t[i][j - 1] : 0.0);
      s += t[i][j] * (i + 1);
    }
  return s;
}
int main(int argc, char **argv) {
  double colsk(double t[N][N]);
  double buf[N][N];
  printf("%.2f\n", colsk(buf));
  return 0;
}
