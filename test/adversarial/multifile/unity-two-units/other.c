/* trap: the second unit that includes kern.c: it reads the values fill() left in buf
   expect: other:buf unchanged
*/
#include "kern.h"
double other(void) {
  double buf[8];
  fill(buf);
  return buf[5] + buf[6];
}
