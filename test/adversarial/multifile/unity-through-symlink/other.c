/* trap: the unit that includes kern.c through the link kern.inc, and reads b[5] after
   the call
   expect: other:in unchanged
   expect: other:b unchanged [passed-to-call]
*/
#define N 8
#include "kern.inc"
double other(void) {
  double in[N], b[N];
  for (int i = 0; i < N; i++) in[i] = 8 - i;
  double s = summed(b, in);
  return s + b[5];
}
