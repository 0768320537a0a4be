/* trap: smooth's callers are in two other files, a heap block in main.c and a local array
   in other.c, which also declares smooth itself: all shrink with tmp, the prototypes in
   dsp.h and other.c are retyped, one edit set (issue 27, item 2)
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
