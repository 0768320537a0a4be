/* trap: main.c's second main() (no read after the call) is under #ifdef SHOW ...
   #else, whose first branch holds `#define NOTE "shown" \\` followed by `#endif`, the
   macro's text: read as a directive, it closed the group, main() looked unconditional, tmp
   was folded in place and a -DSHOW build (the first main(), reading t[15] after the call)
   printed 43.312 instead of 49.312 (adversary 2026-11-28d)
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
