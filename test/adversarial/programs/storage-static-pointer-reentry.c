/* trap: a static scratch whose function calls through a pointer to a function that calls it again: the
   nested call overwrites the scratch while the outer call still has a value live in it
   expect: score:w unchanged [recursive] */
#include <stdio.h>
#define N 8
static double score(int k);
static double helper(int k) { return k > 0 ? score(k - 1) : 0.0; }
static double (*hook)(int) = helper;
static double score(int k) {
  static double w[N];
  double s = 0;
  for (int i = 0; i < N; i++) {
    w[i] = (k * 7 + i * 3) % 11;
    if (i == 2) s += hook(k);
    s += w[i] * (i + 1);
  }
  return s;
}
int main(int argc, char **argv) {
  printf("%.1f\n", score(argc + 2));
  return 0;
}
