/* trap: other.c takes kern's address and reads the buffer after a call through it, but only
   under #ifdef HOOK, a branch the build analysed skips: tmp folded in place, and a -DHOOK
   build of the result read rows the kernel no longer wrote (hook 0 instead of hook 16)
   expect: kern:in unchanged [configured-elsewhere]
   expect: kern:out unchanged [configured-elsewhere]
   expect: kern:tmp unchanged [configured-elsewhere]
*/
#include "kern.h"
void kern(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j + 1;
    out[i] = tmp[i][1] + tmp[i][N - 1];
  }
}
