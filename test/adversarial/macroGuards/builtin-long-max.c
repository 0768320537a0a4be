/* The lag follows the target: 1 where long has 64 bits, 2 where it has 32 (LONG_MAX, a macro
   of <limits.h> whose value is the compiler's __LONG_MAX__). Contracted for x86-64 (t folded
   to 2 cells) and built with -m32, the result read a reused cell with no guard: a system
   header's macro was never guarded, nor the built-in it reaches (adversary 2026-11-28c). */
#include <limits.h>
#include <stdio.h>
#define N 64
int main(void) {
  int t[N];
  long s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 3 + 1;
    if (i >= 2) s += t[i - (LONG_MAX > 2147483647L ? 1 : 2)] * t[i];
  }
  printf("%ld\n", s);
  return 0;
}
