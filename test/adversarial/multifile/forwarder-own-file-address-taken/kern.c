/* trap: stage() passes b on to kern in the same file, but table.c takes stage's address
   and g() reads its buffer after the call through the pointer: kern's tmp stays (stage's
   own linkage, not kern's, says whether all its calls are seen)
   expect: kern:in unchanged
   expect: kern:out unchanged
   expect: kern:tmp unchanged [address-taken-elsewhere]
   expect: stage:in unchanged
   expect: stage:out unchanged
   expect: stage:b unchanged
*/
#include "kern.h"
void kern(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j;
    out[i] = tmp[i][0] + tmp[i][N - 1];
  }
}
void stage(const double in[N], double out[N], double b[N][N]) {
  kern(in, out, b);
}
