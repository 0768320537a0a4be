/* trap: a top-level asm makes `fast` another name of kern with `.set fast, kern`, the name
   split over two adjacent string literals ("ke" "rn", one string to C); main() calls
   fast(u, in) and reads u[5]: kern's t was folded to t[0], since no string spelled `kern`
   as one piece (adversary 2026-11-29)
   expect: kern:t unchanged [called-from-unseen-code]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:t unchanged
   expect: main:u unchanged */
#include <stdio.h>
#define N 16
static double kern(double t[N], const double *in) __attribute__((noipa));
static double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    s += t[i];
  }
  return s;
}
double fast(double *t, const double *in);
__asm__(".globl fast\n\t.set fast, ke" "rn");
int main(void) {
  double in[N], t[N], u[N];
  for (int i = 0; i < N; i++)
    in[i] = i + 1;
  double s = kern(t, in);
  s += fast(u, in);
  printf("%f %f\n", s, u[5]);
  return 0;
}
