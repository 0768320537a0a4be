/* trap: helper.c declares kern() and calls it only under #ifdef DEBUG (its prototype
   too): the build read has no spelling of kern there at all (issue 27, inactive27: held)
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
