/* trap: the unity build's main file: it reads the temporary after the call
   expect: main:out unchanged
   expect: main:t unchanged
*/
#include <stdio.h>
#include "kern.c"
int main(void) {
  double out[N], t[N];
  scale(out, t);
  printf("%f %f\n", out[3], t[5]);
  return 0;
}
