/* trap: the unity build's main file sets N and FAST for kern.c, then redefines N for its
   own code: kern.c is read with the macros at the point of its inclusion
   expect: main:x unchanged
*/
#include <stdio.h>
#define FAST 1
#define N 8
#include "kern.c"
#undef N
#define N 4
int main(void) {
  double x[8];
  for (int i = 0; i < 8; i++) x[i] = i + N;
  printf("%g\n", energy(x));
  return 0;
}
