/* trap: the second unit that includes kern.c, with SCALE 3 defined before it
   expect: other:in unchanged
*/
#define SCALE 3
#include "kern.c"
double other(void) {
  double in[8];
  for (int i = 0; i < 8; i++) in[i] = 8 - i;
  return summed(in);
}
