/* trap: run() of this file reaches kern() through stage() of stage.c and reads t[2][3]
   after the call: the values kern() left there are live, kern's tmp stays
   expect: kern:in unchanged
   expect: kern:out unchanged
   expect: kern:tmp unchanged [read-after-call]
   expect: run:in unchanged
   expect: run:out unchanged
   expect: run:t unchanged
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
  double s = t[2][3];
  for (int i = 0; i < N; i++) s += out[i];
  return s;
}
int main(void) {
  printf("%f\n", run());
  return 0;
}
