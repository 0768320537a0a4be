/* trap: smooth's prototype is in inc/dsp.h, outside the folders of the set (the files
   given are in this folder only): it stays, so main's t keeps its size (BC1613)
   expect: smooth:in unchanged [value-flows-in]
   expect: smooth:out unchanged [read-after-call]
   expect: smooth:tmp contracted 16
*/
#include "inc/dsp.h"
void smooth(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j;
    out[i] = tmp[i][0] + tmp[i][N - 1];
  }
}
