/* trap: the recursion depth comes from the data (a chain through a `next` table 900 long); each level's 16 KiB private row stays on the stack
   expect: kernel:t unchanged [recursive] -- private copies multiply with the recursion depth
   expect: kernel:next unchanged [recursive]
   expect: main:next unchanged */
#include <stdio.h>
#include <stdlib.h>
#define ROWS 2
#define COLS 2048
static int next[1000];
static double kernel(double t[ROWS][COLS], int node) {
  if (node < 0) node = 0;
  double s = 0;
  for (int i = 0; i < ROWS; i++) {
    for (int j = 0; j < COLS; j++) t[i][j] = node + i * j % 13;
    for (int j = 0; j < COLS; j++) s += t[i][COLS - 1 - j];
  }
  if (next[node] >= 0) {
    double (*sub)[COLS] = calloc(ROWS, sizeof *sub);
    s = s * 0.5 + kernel(sub, next[node]);
    free(sub);
  }
  return s;
}
int main(void) {
  for (int i = 0; i < 1000; i++) next[i] = i < 899 ? i + 1 : -1;
  double (*buf)[COLS] = malloc(sizeof(double[ROWS][COLS]));
  printf("%.2f\n", kernel(buf, 0));
  free(buf);
  return 0;
}
