/* trap: a comment between the two subscripts of an access stopped contract with an internal error
   expect: main:t unchanged */
#include <stdio.h>
#define N 30
int main(void) {
  double t[N][N], s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      t[i] /* row */ [j] = i * 2.0 + j;
      if (j >= 1)
        s = s * 0.5 + t[i][j - 1];
    }
  printf("%f\n", s);
  return 0;
}
