/* The lag is the compiler's: 1 under C11 and later, 2 under C99 (__STDC_VERSION__, a built-in
   macro). Contracted in the default language (t folded to 2 cells) and built with -std=c99,
   the result read a reused cell (780239 instead of 743597) with no guard: the guards skipped
   every macro of the compiler's own (adversary 2026-11-28c). */
#include <stdio.h>
#define N 64
int main(void) {
  int t[N];
  long s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 3 + 1;
    if (i >= 2) s += t[i - (3 - __STDC_VERSION__ / 100000)] * t[i];
  }
  printf("%ld\n", s);
  return 0;
}
