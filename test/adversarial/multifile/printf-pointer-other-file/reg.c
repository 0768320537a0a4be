/* trap: the address kept as text
   expect: peek:where unchanged
   expect: reg:p unchanged
   expect: reg:where unchanged
*/
#include <stdio.h>
static char where[64];
void reg(double *p) { sprintf(where, "%p", (void *)p); }
double peek(void) {
  void *p = 0;
  sscanf(where, "%p", &p);
  return ((double *)p)[5];
}
