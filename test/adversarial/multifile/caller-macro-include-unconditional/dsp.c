/* trap: main.c reads SHOWN[15] after smooth(t, in); every build includes the header CFG_H
   names, plain.h by default, show.h (which redefines SHOWN as t) with -DCFG_H="show.h": only
   includes under a conditional directive were taken for another build's, tmp was folded in
   place and the show.h build printed 43.312 instead of 49.312 (adversary 2026-11-28d)
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
