/* trap: stage() of stage.c passes b on to kern, but table.c takes stage's address and
   g() reads its buffer after the call through the pointer: kern's tmp stays (the kernel's
   own linkage said nothing of stage's)
   expect: kern:in unchanged
   expect: kern:out unchanged
   expect: kern:tmp unchanged [address-taken-elsewhere]
*/
#include "kern.h"
void kern(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j;
    out[i] = tmp[i][0] + tmp[i][N - 1];
  }
}
