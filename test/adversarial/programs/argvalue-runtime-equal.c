/* trap: none: the row count is known only at run time (from argc) and sizes main's heap buffer; every
   call passes the same variable for nr and np, so each row read to nr was written to np: acc folds in
   place to one row (the rows its accesses reach, r < nr, bound the outermost extent), and main's
   allocation shrinks to that row
   expect: rows:acc contracted 8
   expect: rows:w unchanged [value-flows-in]
   expect: main:acc contracted 8
   expect: main:argv unchanged
   expect: main:w unchanged */
#include <stdio.h>
#include <stdlib.h>
#define P 8
static double rows(int nr, int np, double acc[P][P], const double w[P]) {
  double s = 0;
  for (int r = 0; r < nr; r++) {
    for (int p = 0; p < np; p++) acc[r][p] = w[p] * (r + 1);
    for (int p = 0; p < nr; p++) s += acc[r][p] * (p + 1);
  }
  return s;
}
int main(int argc, char **argv) {
  int n = argc + 4;
  double (*acc)[P] = malloc(sizeof(double) * n * P);
  double w[P];
  for (int p = 0; p < P; p++) w[p] = p % 3 + 0.5;
  printf("%.2f\n", rows(n, n, acc, w));
  printf("%s\n", argv[0] ? "ok" : "");
  free(acc);
  return 0;
}
