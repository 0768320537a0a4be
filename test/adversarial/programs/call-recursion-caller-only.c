/* trap: none: the recursive function is the caller, and the kernel returns before the caller recurses, so one private row is on the stack at a time: sound to contract
   expect: kernel:t contracted 3840
   expect: walk:t contracted 3840 */
#include <stdio.h>
#include <stdlib.h>
#define ROWS 2
#define COLS 3840
static double kernel(double t[ROWS][COLS], int d) {
  double s = 0;
  for (int i = 0; i < ROWS; i++) {
    for (int j = 0; j < COLS; j++) t[i][j] = j % 9 - i + d;
    for (int j = 0; j < COLS; j++) s += t[i][COLS - 1 - j];
  }
  return s;
}
static double walk(int d) {
  double (*t)[COLS] = malloc(sizeof(double[ROWS][COLS]));
  double s = kernel(t, d);
  free(t);
  return d > 0 ? s + walk(d - 1) * 0.5 : s;
}
int main(int argc, char **argv) {
  (void)argv;
  printf("%.2f\n", walk(399 + argc));
  return 0;
}
