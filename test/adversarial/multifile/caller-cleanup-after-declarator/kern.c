/* trap: main.c declares the buffer it passes with a cleanup attribute after its declarator,
   which the parser does not read (main() has an ERROR node): show(&t) reads t[N - 1] when
   the block ends, after the call; t was folded in place and show printed 0.000 instead of
   1.500 (adversary 2026-11-28d)
   expect: kern:t unchanged [caller-not-parsed]
   expect: kern:in unchanged */
#define N 16
double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 1.5;
    if (i >= 2)
      s += t[i - 2] * t[i];
  }
  return s;
}
