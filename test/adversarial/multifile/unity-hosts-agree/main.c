/* trap: one of two units that include kern.c, with SCALE 2 defined before it
   expect: main:in unchanged
*/
#include <stdio.h>
#define SCALE 2
#include "kern.c"
double other(void);
int main(void) {
  double in[8];
  for (int i = 0; i < 8; i++) in[i] = i;
  printf("%g %g\n", summed(in), other());
  return 0;
}
