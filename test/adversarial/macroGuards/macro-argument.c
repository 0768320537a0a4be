/* GAIN is an argument of a function-like macro inside a subscript: `t[i - ID(GAIN)]`. The
   use of ID expands GAIN too; a -DGAIN=2 build must stop at `#if GAIN != 1` (it had no
   guard at all, and read a cell the contraction reused). */
#include <stdio.h>
#ifndef GAIN
#define GAIN 1
#endif
#define ID(k) (k)
#define N 64
int main(void) {
  int t[N];
  long s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 3 + 1;
    if (i >= 2) s += t[i - ID(GAIN)];
  }
  printf("%ld\n", s);
  return 0;
}
