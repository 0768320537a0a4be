/* trap: main.c declares kern and fast with the same asm label (assembler name ksym): its
   call fast(u, in) is a call of kern, and main() reads u[5] after it; kern's t was folded
   to t[0] (no string of the set spelled `kern`) (adversary 2026-11-29)
   expect: kern:t unchanged [address-taken-elsewhere]
   expect: kern:in unchanged
*/
#define N 16
double kern(double t[N], const double *in) __asm__("ksym");
double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    s += t[i];
  }
  return s;
}
