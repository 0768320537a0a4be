/* trap: none: `do { ... } while (++k != 8)` entered with k = 8 (m = 8 passes the guard
   m <= 8): the body runs for 8, then k climbs away from 8 until the body calls exit() at
   k = 13 after reading t[5]; read as the `for (k = m; k < 8; k++)` it resembles, the loop
   would run no iteration and t could fold to one cell. The do-while's condition is false
   for the first value where m = 8, which the reading checks: the loop is that for loop only
   where m <= 7, which the guard m <= 8 does not give (entry-dependent since the do-while
   merge of 2026-11-29; loop-not-modelled before)
   expect: kern:t unchanged [entry-dependent]
   expect: kern:o unchanged
   expect: main:argv unchanged
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
  if (m <= 8) {
    int k = m;
    do {
      if (k == 13) {
        printf("%g\n", t[5]);
        exit(0);
      }
      o[k] = 1;
    } while (++k != 8);
  }
}
int main(int argc, char **argv) {
  (void)argv;
  kern(argc + 7);
  printf("%g\n", o[3]);
  return 0;
}
