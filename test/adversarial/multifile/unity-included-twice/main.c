/* trap: the unity build includes kern.c twice, under two sizes and two names: one text
   stands for two functions
   expect: main:a unchanged
   expect: main:b unchanged
*/
#include <stdio.h>
#define SIZE 4
#define NAME sum4
#include "kern.c"
#undef SIZE
#undef NAME
#define SIZE 8
#define NAME sum8
#include "kern.c"
int main(void) {
  double a[4] = {1, 2, 3, 4}, b[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  printf("%g %g\n", sum4(a), sum8(b));
  return 0;
}
