/* trap: main.c takes an alias of its buffer before the call and reads a cell smooth left
   through it after: tmp carries values out, nothing changes
   expect: smooth:in unchanged
   expect: smooth:out unchanged [read-after-call]
   expect: smooth:tmp unchanged [buffer-escapes]
*/
#include "dsp.h"
void smooth(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j;
    out[i] = tmp[i][0] + tmp[i][N - 1];
  }
}
