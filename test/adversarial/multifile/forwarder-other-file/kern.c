/* trap: kern's only caller is stage() of stage.c, which passes its parameter b on as is;
   stage's caller is main() of main.c: the view of kern.c holds them both
   expect: kern:in unchanged
   expect: kern:out unchanged
   expect: kern:tmp contracted 16
*/
#include "kern.h"
void kern(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j;
    out[i] = tmp[i][0] + tmp[i][N - 1];
  }
}
