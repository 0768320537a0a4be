/* trap: run() of this file reaches kern() through stage() of stage.c, which passes its
   parameter b on as is: t is run()'s local array two levels up (it was "not a buffer of
   run()", BC1116: this file's call graph read no buffer passed to another file's function)
   expect: kern:in unchanged
   expect: kern:out unchanged
   expect: kern:tmp contracted 16
   expect: run:in unchanged
   expect: run:out unchanged
   expect: run:t contracted 16
*/
#include <stdio.h>
#include "kern.h"
void kern(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j;
    out[i] = tmp[i][0] + tmp[i][N - 1];
  }
}
static double run(void) {
  double in[N], out[N], t[N][N];
  for (int i = 0; i < N; i++) in[i] = i * 0.25;
  stage(in, out, t);
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i];
  return s;
}
int main(void) {
  printf("%f\n", run());
  return 0;
}
