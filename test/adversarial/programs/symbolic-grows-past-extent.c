/* trap: a lag m known only at run time, bounded by a VLA's extent (context m >= 0): the
   symbolic moduli m + 1 held for every m, and `double t[64]` became `double t[m + 1]`, larger
   than t for m > 63 and without bound: with the stack at 8 MB, m = 2,000,000 overflowed it
   (16 MB of t) where the original needs 2 MB of w; a modulus may exceed its extent by a
   constant at most
   expect: lag:t rejected [unbounded] -- m + 1 cells may be more than 64
   expect: lag:w unchanged
   expect: lag:in unchanged
   expect: main:in unchanged */
#include <stdio.h>
#include <sys/resource.h>
double lag(int m, const double *in) {
  double t[64];
  char w[m + 1];
  double s = 0;
  for (int i = 0; i <= m; i++) w[i] = (char)(i & 7);
  for (int i = 0; i < 64; i++) {
    t[i] = in[i % 32] + 1.0;
    if (i >= m) s += t[i - m] * i;
  }
  for (int i = 0; i <= m; i++) s += w[i];
  return s;
}
int main(void) {
  double in[32];
  struct rlimit r;
  if (getrlimit(RLIMIT_STACK, &r) == 0 && (r.rlim_cur == RLIM_INFINITY || r.rlim_cur > (8u << 20))) {
    r.rlim_cur = 8u << 20;
    setrlimit(RLIMIT_STACK, &r);
  }
  for (int i = 0; i < 32; i++) in[i] = i;
  for (int m = 0; m < 70; m += 7) printf("%d %.1f\n", m, lag(m, in));
  printf("%.1f\n", lag(2000000, in));
  return 0;
}
