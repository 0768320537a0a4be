/* trap: the unity build's main file defines LAG's default before it includes kern.c
   expect: main:in unchanged
*/
#include <stdio.h>
#ifndef LAG
#define LAG 1
#endif
#include "kern.c"
int main(void) {
  double in[16];
  for (int i = 0; i < 16; i++) in[i] = i;
  printf("%f\n", lagged(in));
  return 0;
}
