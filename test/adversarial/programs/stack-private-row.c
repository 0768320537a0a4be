/* trap: a heap scratch buffer passed to a kernel contracts to one row of 8 MiB; as a private array on the kernel's stack it overflows the stack the original never used
   expect: kernel:t contracted 1048576
   expect: kernel:out unchanged [read-after-call]
   expect: main:out unchanged */
#include <stdio.h>
#include <stdlib.h>

#define ROWS 4
#define COLS 1048576

static void kernel(double t[ROWS][COLS], double out[ROWS]) {
  for (int i = 0; i < ROWS; i++) {
    for (int j = 0; j < COLS; j++) t[i][j] = (double)(i + 1) * (j % 7);
    double s = 0;
    for (int j = 0; j < COLS; j++) s += t[i][j];
    out[i] = s;
  }
}

int main(void) {
  double (*t)[ROWS][COLS] = (double (*)[ROWS][COLS])malloc(sizeof *t);
  double out[ROWS];
  kernel(*t, out);
  free(t);
  for (int i = 0; i < ROWS; i++) printf("%.1f\n", out[i]);
  return 0;
}
