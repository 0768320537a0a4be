/* trap: the unity build is built in two configurations (D 1 and 2, beeclak.json), and the
   distance kern.c's function reads back at is D
   build also: -DD=1
   build also: -DD=2
   expect: main:in unchanged
   expect: main:t unchanged
*/
#include <stdio.h>
#define N 8
#ifndef D
#define D 1
#endif
#include "kern.c"
int main(void) {
  double in[N], t[N];
  for (int i = 0; i < N; i++) in[i] = i;
  printf("%g\n", summed(in, t));
  return 0;
}
