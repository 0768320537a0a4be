/* trap: smooth is called from main.c and from local_energy in its own file: the set plans
   both callers' buffers with the parameter, one edit set (issue 27, item 2)
   expect: smooth:in unchanged
   expect: smooth:out unchanged [read-after-call]
   expect: smooth:tmp contracted 16
   expect: local_energy:in unchanged
   expect: local_energy:out unchanged
   expect: local_energy:u contracted 16
*/
#include "dsp.h"
void smooth(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j;
    out[i] = tmp[i][0] + tmp[i][N - 1];
  }
}
double local_energy(void) {
  double in[N], out[N], u[N][N];
  for (int i = 0; i < N; i++) in[i] = 1.0 / (i + 1);
  smooth(in, out, u);
  double e = 0;
  for (int i = 0; i < N; i++) e += out[i] * out[i];
  return e;
}
