/* trap: t is a VLA parameter whose extent main.c passes: main.c's buffer (a VLA too) keeps
   its size, and the kernel folds t into its first 2 cells in place (never past cell n - 1:
   each new index is at most the old one)
   expect: fill:in unchanged
   expect: fill:t contracted 2
*/
double fill(int n, double t[n], const double *in) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    t[i] = in[i % 32] * 1.5;
    if (i >= 1) s += t[i - 1];
  }
  return s;
}
