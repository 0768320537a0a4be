/* trap: the kernel's prototype in dsp.h is written plainly, but a branch the build does
   not analyse (OLD_API) declares it through a macro, which cannot be retyped: main's t keeps
   its size (BC1612 prototype-not-retypable). Since adversary 2026-11-29d smooth's tmp stays
   too: the branch passes the name to a macro, which may call it or take its address in an
   OLD_API build (multifile/hook-under-ifdef). Since inactive27 the first reason is dsp.c's own:
   its header's inactive group spells smooth, which no guard in dsp.c can repeat (BC1035)
   expect: smooth:in unchanged [configuration-unguarded]
   expect: smooth:out unchanged [configuration-unguarded]
   expect: smooth:tmp unchanged [configuration-unguarded]
*/
#include "dsp.h"
void smooth(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j;
    out[i] = tmp[i][0] + tmp[i][N - 1];
  }
}
