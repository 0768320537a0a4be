/* trap: main() passes a = malloc(...) and reads b[5], another malloc(...), after the call;
   alloc.c's malloc returns one pool for both: kern's t was folded to t[0] (b[5] printed 0
   for 3) (adversary 2026-11-29)
   expect: kern:t unchanged [buffer-not-analysable]
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
