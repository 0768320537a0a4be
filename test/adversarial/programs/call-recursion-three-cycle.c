/* trap: a cycle of three functions (kernel -> a -> b -> kernel), 150 rounds; the kernel's 30 KiB private row is on the stack in every round
   expect: kernel:t unchanged [recursive] -- private copies multiply with the recursion depth */
#include <stdio.h>
#include <stdlib.h>
#define ROWS 2
#define COLS 3840
static double a(int d);
static double b(int d);
static double kernel(double t[ROWS][COLS], int d) {
  double s = 0;
  for (int i = 0; i < ROWS; i++) {
    for (int j = 0; j < COLS; j++) t[i][j] = j % 9 - i + d;
    for (int j = 0; j < COLS; j++) s += t[i][COLS - 1 - j];
  }
  return d > 0 ? s + a(d - 1) : s;
}
static double a(int d) { return b(d) * 0.5; }
static double b(int d) {
  double (*t)[COLS] = malloc(sizeof(double[ROWS][COLS]));
  double s = kernel(t, d);
  free(t);
  return s;
}
int main(int argc, char **argv) {
  (void)argv;
  printf("%.2f\n", b(299 + argc));
  return 0;
}
