/* trap: main.c declares smooth itself, its tmp as a pointer to rows (double (*)[N]): that
   prototype is not a plain array, so it is not retyped and main's t keeps its size (BC1612)
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
