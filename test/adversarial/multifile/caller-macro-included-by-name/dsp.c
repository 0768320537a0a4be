/* trap: main.c reads SHOWN[15] after smooth(t, in); a header main.c includes only under
   #ifdef VERBOSE, by a macro's name (`#include VERBOSE_H`), redefines SHOWN as t: the
   include was not followed, tmp was folded in place and a -DVERBOSE build printed 43.312
   instead of 49.312 (adversary 2026-11-28c, "not fixed" then)
   expect: smooth:tmp unchanged [configured-elsewhere]
   expect: smooth:in unchanged */
#define N 16
double smooth(double tmp[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    tmp[i] = in[i] * 1.5;
    if (i >= 2) s += tmp[i - 2] * tmp[i] * 0.25;
  }
  return s;
}
