/* trap: a forwarder whose address another file takes
   expect: stage:in unchanged
   expect: stage:out unchanged
   expect: stage:b unchanged
*/
#include "kern.h"
void stage(const double in[N], double out[N], double b[N][N]) {
  kern(in, out, b);
}
