/* trap: one of two units that include kern.c, with N's default (8) defined before it
   expect: main:in unchanged
*/
#include <stdio.h>
#ifndef N
#define N 8
#endif
#include "kern.c"
double other(void);
int main(void) {
  double in[N];
  for (int i = 0; i < N; i++) in[i] = i;
  printf("%f %f\n", lagged(in), other());
  return 0;
}
