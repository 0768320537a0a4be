/* trap: a kernel whose scratch parameter would get a 30 KiB private row clamps its depth and recurses 400 deep with a fresh heap buffer per level: the private rows pile up on the stack (12 MB) where the original used the heap
   expect: kernel:t unchanged [recursive] -- private copies multiply with the recursion depth
   expect: main:argv unchanged */
#include <stdio.h>
#include <stdlib.h>
#define ROWS 2
#define COLS 3840
static double kernel(double t[ROWS][COLS], int depth) {
  if (depth < 0) depth = 0;
  double s = 0;
  for (int i = 0; i < ROWS; i++) {
    for (int j = 0; j < COLS; j++) t[i][j] = (i + 1) * (j % 5) + depth;
    for (int j = 0; j < COLS; j++) s += t[i][COLS - 1 - j] * (j % 3);
  }
  if (depth > 0) {
    double (*sub)[COLS] = malloc(sizeof(double[ROWS][COLS]));
    s += kernel(sub, depth - 1) * 0.5;
    free(sub);
  }
  return s;
}
int main(int argc, char **argv) {
  (void)argv;
  double (*buf)[COLS] = malloc(sizeof(double[ROWS][COLS]));
  printf("%.1f\n", kernel(buf, 399 + argc));
  free(buf);
  return 0;
}
