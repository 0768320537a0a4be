/* trap: the unity build's main file reads the buffer after the call into the file it includes
   in one configuration only
   build also: -DDEBUG
   expect: main:buf unchanged
*/
#include <stdio.h>
#define N 16
#include "kern.c"
int main(void) {
  double buf[N];
  double s = fill(buf);
#ifdef DEBUG
  s += buf[15];
#endif
  printf("%g\n", s);
  return 0;
}
