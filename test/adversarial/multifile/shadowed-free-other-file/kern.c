/* trap: run() of run.c is given keep() as its parameter named free: free(t) there calls
   keep, which stores t; main() reads kept()[5] after kern(t, in): kern's t was folded to
   t[0] (the call counted as a free) (adversary 2026-11-29)
   expect: kern:t unchanged [callee-keeps-address]
   expect: kern:in unchanged
*/
#define N 16
double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    s += t[i];
  }
  return s;
}
