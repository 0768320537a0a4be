/* trap: two variables of the same run-time value, but the analysis cannot know they are equal:
   every call passes n for nr and m for np, so a row read to nr may not have been written to np,
   and acc stays as written
   expect: rows:acc unchanged [value-flows-in]
   expect: rows:w unchanged [value-flows-in]
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
  int m = argc + 4;
  double (*acc)[P] = malloc(sizeof(double) * n * P);
  double w[P];
  for (int p = 0; p < P; p++) w[p] = p % 3 + 0.5;
  printf("%.2f\n", rows(n, m, acc, w));
  printf("%s\n", argv[0] ? "ok" : "");
  free(acc);
  return 0;
}
