/* trap: main.c defines EXTRA(t) as ((t)[15]) under #ifdef SHOW and as 0.0 otherwise,
   each with a digraph (`%:define`): the file's own definitions were read as `#define` only,
   so main() looked the same in every build; tmp was folded in place and a -DSHOW build read
   t[15] after the call: 43.312 instead of 49.312 (adversary 2026-11-28d)
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
