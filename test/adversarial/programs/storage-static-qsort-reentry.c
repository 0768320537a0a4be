/* trap: a static scratch whose function sorts with qsort, whose comparator calls the function again: the
   nested call overwrites the scratch while the outer call still has a value live in it (qsort calls back)
   expect: score:w unchanged [recursive]
   expect: score:idx unchanged */
#include <stdio.h>
#include <stdlib.h>
#define N 8
static int depth;
static double score(int k);
static int cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  double sx = depth < 2 ? score(x) : x, sy = depth < 2 ? score(y) : y;
  return (sx > sy) - (sx < sy);
}
static double score(int k) {
  static double w[N];
  double s = 0;
  for (int i = 0; i < N; i++) {
    w[i] = (k * 7 + i * 3) % 11;
    if (i == 2) {
      int idx[3] = {2, 1, 0};
      depth++;
      qsort(idx, 3, sizeof idx[0], cmp);
      depth--;
      s += idx[0];
    }
    s += w[i] * (i + 1);
  }
  return s;
}
int main(int argc, char **argv) {
  printf("%.1f\n", score(argc));
  return 0;
}
