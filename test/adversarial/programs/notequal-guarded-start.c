/* trap: `for (k = m; k != 0; k--)` under the guard `if (m > 0 && m < 16)`: the counter starts on the side of 0 it steps towards, so the loop is the range 1..m and t, written and read in the same iteration, folds to one cell; the guard must be seen, or the saving is lost (no miscompile either way)
   expect: kern:t scalarized
   expect: kern:o unchanged
   expect: main:o unchanged */
#include <stdio.h>
static double o[16];
static void kern(int m) {
  double t[16];
  if (m > 0 && m < 16)
    for (int k = m; k != 0; k--) {
      t[k] = k * 0.5;
      o[k] = t[k] + 1;
    }
}
int main(void) {
  volatile int start = 9;
  kern(start);
  double s = 0;
  for (int i = 0; i < 16; i++) s += o[i];
  printf("%g\n", s);
  return 0;
}
