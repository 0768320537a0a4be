/* trap: the header no lookup finds is read under `#ifdef USE_ARM`, and the file defines
   USE_ARM under `#ifdef BOARD_X` before it: at the first line a -DBOARD_X build has no USE_ARM
   yet, so a guard there would let it through, and the header (in_scale(i) as t[0]) made kern()
   read a reused cell. No guard can repeat the condition: t stays
   expect: kern:t unchanged [configuration-unguarded]
   expect: kern:in unchanged [pointer]
   expect: main:in unchanged [passed-to-call] */
#include <stdio.h>
static double in_scale(int i) { return 0.25 * i; }
#ifdef BOARD_X
#define USE_ARM
#endif
#ifdef USE_ARM
#include "beeclak_arm_board.h"
#endif
static double kern(const double *in) {
  double t[16], s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = in[i] * 0.5;
    if (i >= 1) s += t[i - 1] * in_scale(i);
  }
  return s;
}
int main(void) {
  double in[16];
  for (int i = 0; i < 16; i++) in[i] = i % 5 + 1;
  printf("%.3f\n", kern(in));
  return 0;
}
