/* trap: none: unsigned loop counters in a skewed mapping (i + 11 * j mod 121): each index text is a valid
   index, so non-negative in unsigned arithmetic too, and the slot needing the helper is combined in long
   expect: main:t contracted 121
   expect: main:argv unchanged */
#include <stdio.h>
#define N 12
int main(int argc, char **argv) {
  double t[N][N];
  double s = 0;
  for (unsigned i = 0; i < N; i++)
    for (unsigned j = 0; j < N; j++) {
      double up = i > 0 && j + 1 < N ? t[i - 1][j + 1] : 1.0;
      double left = j > 0 ? t[i][j - 1] : 2.0;
      t[i][j] = 0.5 * up + 0.25 * left + argc;
      s += t[i][j];
    }
  printf("%f\n", s);
  return 0;
}
