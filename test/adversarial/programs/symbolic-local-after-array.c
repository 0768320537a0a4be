/* trap: the lag m of a symbolic mapping is a local set once (m = j), declared after t, and a global of the same name exists: `double t[2 * k + 2]` became `double t[m + 1]`, which at t's declaration reads the global m (three cells) while the accesses `t[i % (m + 1)]` read the local (up to k / 2): a buffer overflow; a modulus may name only what the declaration reads as the analysis did (arguments, the extents' names, locals declared before); the same program with m declared first is contracted (symbolic-below-extent.c's form)
   expect: lag:t rejected [unbounded] -- m is declared after t
   expect: lag:w unchanged
   expect: lag:z unchanged
   expect: lag:in unchanged
   expect: main:in unchanged */
#include <stdio.h>
int m = 2;
double lag(int k, int j, const double *in) {
  double t[2 * k + 2];
  int m = j;
  char w[k - 2 * m + 1];
  char z[m + 1];
  double s = 0;
  for (int i = 0; i <= k - 2 * m; i++) w[i] = (char)(i & 7);
  for (int i = 0; i <= m; i++) z[i] = (char)(i & 3);
  for (int i = 0; i < 2 * k + 2; i++) {
    t[i] = in[i % 32] + 1.0;
    if (i >= m) s += t[i - m] * i;
  }
  for (int i = 0; i <= k - 2 * m; i++) s += w[i];
  for (int i = 0; i <= m; i++) s += z[i] * 2;
  return s;
}
int main(void) {
  double in[32];
  for (int i = 0; i < 32; i++) in[i] = i;
  for (int k = 0; k < 70; k += 7) printf("%d %.1f\n", k, lag(k, k / 3, in));
  printf("%d\n", m);
  return 0;
}
