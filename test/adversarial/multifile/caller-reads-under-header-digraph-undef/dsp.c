/* trap: main.c defines SHOW, then includes cfg.h, which undefines SHOW under #ifdef QUIET
   with a digraph (`%:undef SHOW`); main() reads t after smooth(t, in) under #ifndef SHOW.
   The header's undefinitions were read as `#undef` only: tmp was folded in place and a
   -DQUIET build printed 43.312 instead of 49.312 (adversary 2026-11-28d)
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
