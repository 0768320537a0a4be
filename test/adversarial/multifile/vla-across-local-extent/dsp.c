/* trap: t is a VLA whose extent n main.c passes (argc + 15 at run time): its mapping needs 3
   cells whatever n is, so t becomes double t[3] (a smaller n reads fewer of them)
   expect: smooth:in unchanged
   expect: smooth:t contracted 3
*/
double smooth(int n, const double *in) {
  double t[n];
  double s = 0;
  for (int i = 0; i < n; i++) {
    t[i] = in[i % 32] * 1.5;
    if (i >= 2) s += t[i - 2];
  }
  return s;
}
