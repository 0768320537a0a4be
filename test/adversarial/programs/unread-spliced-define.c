/* trap: the file defines USE_ARM under `#ifdef BOARD_X` with a line splice inside the
   directive (`#def\` / `ine`), and includes a header no lookup finds under `#ifdef USE_ARM`:
   the splice hid the definition, the guard `#ifdef USE_ARM` at the first line (before the
   definition) let a -DBOARD_X build read the header (it defines in_scale(i) as t[0]), and
   kern() read a reused cell: the array stays
   expect: kern:t unchanged [configuration-unguarded]
   expect: kern:in unchanged [pointer]
   expect: main:in unchanged [passed-to-call] */
#include <stdio.h>
static double in_scale(int i) { return 0.25 * i; }
#ifdef BOARD_X
#def\
ine USE_ARM 1
#endif
#ifdef USE_ARM
#include "beeclak_arm_spliced.h"
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
