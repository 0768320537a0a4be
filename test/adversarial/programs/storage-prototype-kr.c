/* trap: none: a K&R-style definition (parameter types after the declarator): the parameter is not
   analysed, nothing changes
   expect: main:buf unchanged
   expect: main:argv unchanged */
#include <stdio.h>
#define N 12
static double colsk(t)
double t[N][N];
{
  double s = 0;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++) {
      t[i][j] = i * 2.0 - j + (j > 0 ? t[i][j - 1] : 0.0);
      s += t[i][j] * (i + 1);
    }
  return s;
}
int main(int argc, char **argv) {
  double buf[N][N];
  printf("%.2f\n", colsk(buf));
  return 0;
}
