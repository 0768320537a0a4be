/* trap: main.c declares smooth again inside its body (a block-scope prototype), which the
   set does not retype: main's t keeps its size (BC1612 prototype-not-retypable)
   expect: smooth:in unchanged [buffer-not-analysable]   -- the prototype in main names in and out too
   expect: smooth:out unchanged [buffer-not-analysable]
   expect: smooth:tmp contracted 16
*/
#include "dsp.h"
void smooth(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[j][i] = in[i] * j;
    out[i] = tmp[0][i] + tmp[N - 1][i];
  }
}
