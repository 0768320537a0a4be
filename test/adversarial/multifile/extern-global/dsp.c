/* trap: smooth gets a global of another file (declared extern in a header): any function
   may read it after the call, and its declaration is in two files; tmp stays
   expect: smooth:in unchanged [value-flows-in]
   expect: smooth:out unchanged [read-after-call]
   expect: smooth:tmp unchanged
*/
#include "dsp.h"
void smooth(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j;
    out[i] = tmp[i][0] + tmp[i][N - 1];
  }
}
