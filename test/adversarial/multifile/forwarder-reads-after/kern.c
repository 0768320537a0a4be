/* trap: stage() reads b after kern's call: kern's tmp carries values out
   expect: kern:in unchanged
   expect: kern:out unchanged
   expect: kern:tmp unchanged [read-after-call]
*/
#include "kern.h"
void kern(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j;
    out[i] = tmp[i][0] + tmp[i][N - 1];
  }
}
