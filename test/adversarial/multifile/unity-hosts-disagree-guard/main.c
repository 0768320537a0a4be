/* trap: one of two units that include kern.c, with N 8 defined before it
   expect: main:in unchanged
*/
#include <stdio.h>
#define N 8
#include "kern.c"
double other(void);
int main(void) {
  double in[N];
  for (int i = 0; i < N; i++) in[i] = i;
  printf("%g %g\n", summed(in), other());
  return 0;
}
