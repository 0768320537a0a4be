/* trap: main.c includes kern.c, which also compiles (and runs) as a program of its own
   expect: main:buf unchanged
*/
#include <stdio.h>
#define IN_UNITY 1
#include "kern.c"
int main(void) {
  double buf[8];
  printf("%g\n", fill(buf));
  return 0;
}
