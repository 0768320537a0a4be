/* GAIN (0, a null pointer) is only stored into p, an array of pointers; -DGAIN=t stores the
   contracted array's address instead, and the write through p[i] lands in it. #if reads the
   name t as 0: the declaration after the function, which wants an integer constant, stops it.
   (p is read whole at the end: it stays as written.) */
#include <stdio.h>
#ifndef GAIN
#define GAIN 0
#endif
#define N 64
int main(void) {
  int t[N];
  int *p[N];
  long s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 3 + 1;
    p[i] = GAIN;
    if (p[i]) *p[i] = 7;
    if (i >= 1) s += t[i] * t[i - 1];
  }
  int set = 0;
  for (int i = 0; i < N; i++) set += p[i] != 0;
  printf("%ld %d\n", s, set);
  return 0;
}
