/* trap: a kernel with a 30 KiB private row calls a helper that calls the kernel again, 300 levels of each: the private rows multiply with the depth
   expect: kernel:t unchanged [recursive] -- private copies multiply with the recursion depth */
#include <stdio.h>
#include <stdlib.h>
#define ROWS 2
#define COLS 3840
static double descend(int depth);
static double kernel(double t[ROWS][COLS], int depth) {
  double s = 0;
  for (int i = 0; i < ROWS; i++) {
    for (int j = 0; j < COLS; j++) t[i][j] = (i + 2) * (j % 7) - depth;
    for (int j = 0; j < COLS; j++) s += t[i][COLS - 1 - j];
  }
  return s + (depth > 0 ? descend(depth - 1) : 0);
}
static double descend(int depth) {
  double (*b)[COLS] = malloc(sizeof(double[ROWS][COLS]));
  double s = kernel(b, depth);
  free(b);
  return s * 0.5;
}
int main(int argc, char **argv) {
  (void)argv;
  printf("%.2f\n", descend(299 + argc));
  return 0;
}
