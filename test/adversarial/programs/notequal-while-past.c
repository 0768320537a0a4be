/* trap: `while (k != 0) { ...; k--; }` entered with k = -1: the counter moves away from 0 and the body leaves by exit() at k = -4 after reading t[5]; read as `k > 0` the loop had no iteration and t was folded to one cell (printed 15, not 5)
   expect: kern:t unchanged [loop-not-modelled]
   expect: kern:o unchanged
   expect: main:o unchanged */
#include <stdio.h>
#include <stdlib.h>
static double o[16];
static void kern(int m) {
  double t[16];
  for (int i = 0; i < 16; i++) {
    t[i] = i;
    o[i] = t[i] * 2;
  }
  int k = m;
  while (k != 0) {
    if (k < -3) {
      printf("%g\n", t[5]);
      exit(0);
    }
    k--;
  }
}
int main(void) {
  volatile int start = -1;
  kern(start);
  printf("%g\n", o[3]);
  return 0;
}
