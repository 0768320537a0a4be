/* trap: the loop body's `enum { i = 30 };` hides the loop counter i in its block: t[i - 3] there
   reads t[27], not the cell of the iteration, and t was folded to 4 cells as if it did
   expect: main:in unchanged [loop-not-modelled]
   expect: main:t unchanged [loop-not-modelled] */
#include <stdio.h>
int main(void) {
  double in[32], t[32];
  double s = 0;
  for (int i = 0; i < 32; i++) in[i] = i % 5 + i;
  for (int i = 0; i < 32; i++) {
    t[i] = in[i] * 2;
    if (i >= 3) {
      enum { i = 30 };
      s += t[i - 3] * 3;
    }
  }
  printf("%.1f\n", s);
  return 0;
}
