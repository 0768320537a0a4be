/* trap: main.c defines SHOW, then includes cfg.h, which undefines SHOW under #ifdef QUIET;
   main() reads t after smooth(t, in) under #ifndef SHOW. Taking `#ifndef SHOW` as decided
   alike in every build (the file defines SHOW before it, unconditionally) missed the
   header's #undef: folded in place for the configuration analysed, a -DQUIET build printed
   another sum
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
