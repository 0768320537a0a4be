/* trap: the unity build is built in two configurations (SCALE 2 and 3, beeclak.json)
   build also: -DSCALE=2
   build also: -DSCALE=3
   expect: main:in unchanged
   expect: main:t unchanged
*/
#include <stdio.h>
#ifndef SCALE
#define SCALE 1
#endif
#include "kern.c"
int main(void) {
  double in[8], t[8];
  for (int i = 0; i < 8; i++) in[i] = i;
  printf("%g\n", scaled(in, t));
  return 0;
}
