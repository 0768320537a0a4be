/* trap: three heap scratch buffers of one kernel each contract to one row of 3 MiB; as private arrays on the kernel stack they take 9 MiB together and overflow it
   expect: kernel:a contracted 393216
   expect: kernel:b contracted 393216
   expect: kernel:c contracted 393216
   expect: kernel:out unchanged [read-after-call]
   expect: main:out unchanged */
#include <stdio.h>
#include <stdlib.h>

#define ROWS 3
#define COLS 393216

static void kernel(double a[ROWS][COLS], double b[ROWS][COLS], double c[ROWS][COLS],
                   double out[ROWS]) {
  for (int i = 0; i < ROWS; i++) {
    for (int j = 0; j < COLS; j++) a[i][j] = (double)(i + 1) * (j % 5);
    for (int j = 0; j < COLS; j++) b[i][j] = a[i][j] + 1;
    for (int j = 0; j < COLS; j++) c[i][j] = b[i][j] * 2;
    double s = 0;
    for (int j = 0; j < COLS; j++) s += c[i][j] - a[i][j];
    out[i] = s;
  }
}

int main(void) {
  double (*a)[ROWS][COLS] = malloc(sizeof *a);
  double (*b)[ROWS][COLS] = malloc(sizeof *b);
  double (*c)[ROWS][COLS] = malloc(sizeof *c);
  double out[ROWS];
  kernel(*a, *b, *c, out);
  free(a);
  free(b);
  free(c);
  for (int i = 0; i < ROWS; i++) printf("%.1f\n", out[i]);
  return 0;
}
