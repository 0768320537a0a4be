/* trap: the recursive call sits inside the loop that uses the scratch rows (a divide-and-conquer over data): the private row is live across every deeper level
   expect: kernel:t unchanged [recursive] -- private copies multiply with the recursion depth
   expect: kernel:depths unchanged
   expect: main:depths unchanged */
#include <stdio.h>
#include <stdlib.h>
#define ROWS 2
#define COLS 4000
static double kernel(double t[ROWS][COLS], const int *depths, int k) {
  if (k < 0) k = 0;
  double s = 0;
  for (int i = 0; i < ROWS; i++) {
    for (int j = 0; j < COLS; j++) t[i][j] = i + j % 11 + k;
    if (i == 1 && depths[k] > 0) {
      double (*sub)[COLS] = malloc(sizeof(double[ROWS][COLS]));
      s += kernel(sub, depths, k + 1);
      free(sub);
    }
    for (int j = 0; j < COLS; j++) s += t[i][COLS - 1 - j] * 0.25;
  }
  return s;
}
int main(void) {
  static int depths[400];
  for (int i = 0; i < 399; i++) depths[i] = 1;
  double (*buf)[COLS] = malloc(sizeof(double[ROWS][COLS]));
  printf("%.2f\n", kernel(buf, depths, 0));
  free(buf);
  return 0;
}
