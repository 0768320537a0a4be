/* trap: a nested block's `double (*t)[N] = out;` shadows the 2-D candidate t; its writes must reach out
   expect: main:t scalarized
   expect: main:out unchanged */
#include <stdio.h>
#define N 8
static double out[N][N];
int main(void) {
  double t[N][N];
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      t[i][j] = i + j;
      s += t[i][j];
      {
        double (*t)[N] = out;
        t[i][j] = i * j;
      }
    }
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) s += out[i][j] * (i + 2 * j);
  printf("%.1f\n", s);
  return 0;
}
