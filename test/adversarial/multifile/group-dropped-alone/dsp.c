/* trap: three kernels, each using one row of its scratch at a time; smooth's and blur's
   groups are joined through other.c's v (passed to both), and smooth's holds main's t,
   which main.c cannot edit: both are dropped, sharpen's group is written alone
   expect: smooth:in unchanged
   expect: smooth:out unchanged [read-after-call]
   expect: smooth:tmp contracted 16
   expect: blur:in unchanged [value-flows-in]
   expect: blur:out unchanged [read-after-call]
   expect: blur:tmp contracted 16
   expect: sharpen:in unchanged
   expect: sharpen:out unchanged [read-after-call]
   expect: sharpen:tmp contracted 16
*/
#include "dsp.h"
void smooth(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j;
    out[i] = tmp[i][0] + tmp[i][N - 1];
  }
}
void blur(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] + j;
    out[i] = tmp[i][1] * tmp[i][N - 2];
  }
}
void sharpen(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] - j;
    out[i] = tmp[i][2] - tmp[i][N - 3];
  }
}
