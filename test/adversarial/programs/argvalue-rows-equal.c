/* trap: none: the copy-back loop runs to nr over rows of extent np (PolyBench 3.2 doitgen's shape);
   every call passes nr == np == 6 (locals set once from macros), so each row of acc is written before
   it is read, and acc folds to one row in the callee and in main's allocation
   expect: transform:a unchanged [read-after-call]
   expect: transform:w unchanged [value-flows-in]
   expect: transform:acc contracted 6
   expect: main:acc contracted 6 */
#include <stdio.h>
#include <stdlib.h>
#define R 6
#define Q 5
#define P 6
static void transform(int nr, int nq, int np, double a[R][Q][P], double w[P][P],
                      double acc[R][Q][P]) {
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        acc[r][q][p] = 0;
        for (int s = 0; s < np; s++) acc[r][q][p] += a[r][q][s] * w[s][p];
      }
      for (int p = 0; p < nr; p++) a[r][q][p] = acc[r][q][p];
    }
}
int main(void) {
  int nr = R, nq = Q, np = P;
  double (*a)[R][Q][P] = (double (*)[R][Q][P])malloc(R * Q * P * sizeof(double));
  double (*acc)[R][Q][P] = (double (*)[R][Q][P])malloc(R * Q * P * sizeof(double));
  double (*w)[P][P] = (double (*)[P][P])malloc(P * P * sizeof(double));
  for (int i = 0; i < R; i++)
    for (int j = 0; j < Q; j++)
      for (int k = 0; k < P; k++) (*a)[i][j][k] = (i * j + k) % 7;
  for (int i = 0; i < P; i++)
    for (int j = 0; j < P; j++) (*w)[i][j] = (i + 2 * j) % 5;
  transform(nr, nq, np, *a, *w, *acc);
  double s = 0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < Q; j++)
      for (int k = 0; k < P; k++) s += (*a)[i][j][k] * (k + 1);
  printf("%.1f\n", s);
  free(a);
  free(acc);
  free(w);
  return 0;
}
