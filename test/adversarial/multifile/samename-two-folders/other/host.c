/* trap: another folder's host.c, which includes its own kern.c and reads b[3] after the call
   expect: other_main:in unchanged [passed-to-call]
   expect: other_main:b unchanged [passed-to-call]
*/
#define M 4
#include "kern.c"
double other_main(void) {
  double in[4] = {1, 2, 3, 4}, b[4];
  double s = other_kern(b, in);
  return s + b[3];
}
