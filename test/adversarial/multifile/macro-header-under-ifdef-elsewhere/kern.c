/* trap: dbg.h defines RUN(u) as a call of kern() under #ifdef DEBUG, else 0.0; helper.c
   uses RUN unconditionally: the call exists in a -DDEBUG build only (inactive27: held)
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
