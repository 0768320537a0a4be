/* trap: passes b on to kern, then reads a cell kern left in it
   expect: stage:in unchanged
   expect: stage:out unchanged
   expect: stage:b unchanged
*/
#include "kern.h"
void stage(const double in[N], double out[N], double b[N][N]) {
  kern(in, out, b);
  out[0] += b[3][5];
}
