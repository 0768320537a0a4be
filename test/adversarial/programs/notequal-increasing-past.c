/* trap: `for (k = m; k != 8; k++)` entered with m = 10, past 8: k climbs away from it and the body calls exit() at k = 13 after reading t[5]; read as `k < 8` the loop had no iteration and t was folded to one cell (printed 15, not 5)
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
  for (int k = m; k != 8; k++)
    if (k > 12) {
      printf("%g\n", t[5]);
      exit(0);
    }
}
int main(void) {
  volatile int start = 10;
  kern(start);
  printf("%g\n", o[3]);
  return 0;
}
