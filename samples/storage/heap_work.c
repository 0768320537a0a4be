/* A work buffer allocated on the heap and passed to a kernel that needs one row of it at a
   time: the kernel indexes the buffer in place and the allocation shrinks to that row. */
#include <stdio.h>
#include <stdlib.h>
#define ROWS 256
#define COLS 64

static double normalize(double t[ROWS][COLS], const double *in, double *out) {
  double total = 0;
  for (int i = 0; i < ROWS; i++) {
    double s = 0;
    for (int j = 0; j < COLS; j++) t[i][j] = in[(i * COLS + j) % 1000] * 0.5;
    for (int j = 0; j < COLS; j++) s += t[i][j];
    out[i] = s / COLS;
    total += out[i];
  }
  return total;
}

int main(void) {
  double *in = malloc(1000 * sizeof *in);
  double (*work)[COLS] = malloc(ROWS * COLS * sizeof(double));
  double out[ROWS];
  if (!in || !work) return 1;
  for (int k = 0; k < 1000; k++) in[k] = (double)(k % 17) - 8.0;
  double total = normalize(work, in, out);
  free(work);
  free(in);
  printf("checksum %.4f %.4f\n", total, out[ROWS - 1]);
  return 0;
}
