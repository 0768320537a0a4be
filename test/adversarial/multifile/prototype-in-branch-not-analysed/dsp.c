/* trap: the kernel's prototype in dsp.h is written plainly, but a branch the build does
   not analyse (OLD_API) declares it through a macro, which cannot be retyped: smooth folds
   tmp in place, main's t keeps its size (BC1612 prototype-not-retypable)
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
