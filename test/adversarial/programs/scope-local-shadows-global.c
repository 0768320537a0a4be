/* trap: a block-local t shadows the global t; the global's accesses after the block are not the local's
   expect: total:t unchanged [external-linkage]
   expect: main:t scalarized */
#include <stdio.h>
#define N 20
double t[N];
static double total(void) {
  double s = 0;
  for (int i = 0; i < N; i++) s += t[i] * (i + 1);
  return s;
}
int main(void) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    {
      double t[N];
      t[i] = 2.0 * i;
      s += t[i];
    }
    t[i] = i;
    s += t[i];
  }
  printf("%.1f %.1f\n", s, total());
  return 0;
}
