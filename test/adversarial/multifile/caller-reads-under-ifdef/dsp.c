/* trap: main.c reads t after smooth(t, in) under #ifdef DEBUG only: folded in place for the
   configuration analysed, a -DDEBUG build printed 43.312 instead of 49.312 with no guard (a
   guard of dsp.c cannot check how main.c is built)
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
