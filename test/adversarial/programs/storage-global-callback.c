/* trap: a file-scope scratch of f() and g(): f() sorts with qsort while a value of its own is live, and the
   comparator calls g(), which overwrites the scratch (f reaches g through the library)
   expect: f:buf unchanged [not-scratch]
   expect: g:buf unchanged [not-scratch]
   expect: f:idx unchanged */
#include <stdio.h>
#include <stdlib.h>
#define N 8
static double buf[N];
static double g(int k) {
  double s = 0;
  for (int i = 0; i < N; i++) { buf[i] = k * 10 + i; s += buf[i]; }
  return s;
}
static int cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  double gx = g(x), gy = g(y);
  return (gx > gy) - (gx < gy);
}
static double f(int k) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    buf[i] = k + i * 0.5;
    if (i == 3) { int idx[3] = {2, 0, 1}; qsort(idx, 3, sizeof idx[0], cmp); s += idx[0]; }
    s += buf[i];
  }
  return s;
}
int main(int argc, char **argv) {
  printf("%.1f %.1f\n", f(argc), g(argc));
  return 0;
}
