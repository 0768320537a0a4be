/* trap: helper.c calls kern() under #ifdef A / #ifdef DEBUG, a block-scope prototype
   with it (inactive27: held)
   expect: kern:t unchanged [configured-elsewhere]
*/
#define N 16
double kern(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5;
    if (i >= 2) s += t[i] * t[i - 2];
  }
  return s;
}
