/* trap: the unit that includes kern.c by its name; nothing is read after the call
   expect: main:in unchanged
   expect: main:buf unchanged [passed-to-call]
*/
#include <stdio.h>
#define N 8
#include "kern.c"
double other(void);
int main(void) {
  double in[N], buf[N];
  for (int i = 0; i < N; i++) in[i] = i;
  double s = summed(buf, in);
  printf("%g %g\n", s, other());
  return 0;
}
