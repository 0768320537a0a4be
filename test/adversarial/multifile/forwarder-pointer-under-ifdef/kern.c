/* trap: stage() of stage.c passes the buffer on to kern(), and stage.c takes stage's address
   under #ifdef HOOK only, calling it with a buffer it reads after the call: tmp folded in
   place, and a -DHOOK build of the result printed hook 0 for hook 16 (no guard of kern.c
   checks stage.c's configuration)
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
