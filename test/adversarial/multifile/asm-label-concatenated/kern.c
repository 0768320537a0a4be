/* trap: main.c declares fast with the asm label "ke" "rn" (adjacent literals: the assembler
   name kern): its call fast(u, in) is a call of kern, and main() reads u[5] after it; kern's
   t was folded to t[0] (the literals were read one by one) (adversary 2026-11-29)
   expect: kern:t unchanged [entry-point]
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
