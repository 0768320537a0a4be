/* trap: text the rewrite adds on lines of its own moves every line after it, and __LINE__
   (also through a macro, and assert's message) prints where the text stands: the original
   body kept in window() for another data model moved the contracted copy's HERE from 22 to
   29, and with the guard `#if N != 16 ... #endif` after kern() main()'s __LINE__ moved from
   36 to 47 (adversary 2026-11-29b). A `#line` after each addition keeps the numbers
   expect: kern:t contracted 3
   expect: kern:in unchanged [pointer]
   expect: window:t contracted 5      -- guarded: if (sizeof(long) != 8) { original }
   expect: window:in unchanged [pointer]
   expect: window:out unchanged [pointer]
   expect: main:in unchanged [passed-to-call]
   expect: main:out unchanged [passed-to-call] */
#include <stdio.h>
#ifndef N
#define N 16
#endif
#define HERE __LINE__
static void window(int k, const double *in, double *out) {
  double t[64];
  for (int i = 0; i < 64; i++) {
    t[i] = in[i] * 2.0;
    if (i >= k) out[i] = t[i - k] + HERE;
  }
}
static double kern(const double *in) {
  double t[N], s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    if (i >= 2) s += t[i - 2];
  }
  return s;
}
int main(void) {
  double in[64], out[64] = {0};
  for (int i = 0; i < 64; i++) in[i] = i;
  printf("%f at line %d\n", kern(in), __LINE__);
  window(12 - sizeof(long), in, out);
  for (int i = 0; i < 64; i += 9) printf("%g\n", out[i]);
  return 0;
}
