/* trap: clear() writes every cell of b before kern gets it: b is no plain forwarder, its
   callers' buffers keep their size (a row of t would overflow)
   expect: stage:in unchanged
   expect: stage:out unchanged
   expect: stage:b unchanged
   expect: clear:b unchanged
*/
#include "kern.h"
static void clear(double b[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      b[i][j] = 0;
}
void stage(const double in[N], double out[N], double b[N][N]) {
  clear(b);
  kern(in, out, b);
}
