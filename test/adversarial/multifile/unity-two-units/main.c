/* trap: a program of two units that both include kern.c: main.c's call of fill() reads
   nothing after it, other.c's reads the buffer back
   expect: main:buf unchanged
*/
#include <stdio.h>
#include "kern.h"
double other(void);
int main(void) {
  double buf[8];
  printf("%g\n", fill(buf));
  printf("%g\n", other());
  return 0;
}
