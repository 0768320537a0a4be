/* trap: every call passes g == 2 and len == 4, with which the triangle of t (3 of its 4 rows) is all
   live at once: the smallest mapping combines two dimensions (a private copy of 12 cells next to
   main's 16, which keep their size, is more memory, not less): t stays as written
   expect: tri:t unchanged [value-flows-in]
   expect: tri:w unchanged [value-flows-in]
   expect: main:t unchanged
   expect: main:w unchanged */
#include <stdio.h>
#define G 2
#define L 4
static double tri(int g, int len, const double w[L], double t[G][G][L]) {
  double s = 0;
  for (int j = 0; j < g; j++)
    for (int i = j; i < g; i++)
      for (int c = 0; c < len; c++) t[j][i][c] = w[c] * (i + 1) + j;
  for (int j = 0; j < g; j++)
    for (int i = j; i < g; i++)
      for (int c = 0; c < L; c++) s += t[j][i][c] * (c + 1);
  return s;
}
int main(void) {
  double w[L], t[G][G][L];
  for (int c = 0; c < L; c++) w[c] = c + 0.5;
  printf("%.2f\n", tri(G, L, w, t));
  return 0;
}
