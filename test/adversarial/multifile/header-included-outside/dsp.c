/* trap: dsp.h, which declares smooth, is included by plugin.h, a file outside the set:
   the prototype stays, so main's t keeps its size (BC1613 prototype-outside-set)
   expect: smooth:in unchanged [value-flows-in]
   expect: smooth:out unchanged [read-after-call]
   expect: smooth:tmp contracted 16
*/
#include "dsp.h"
void smooth(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j;
    out[i] = tmp[i][0] + tmp[i][N - 1];
  }
}
