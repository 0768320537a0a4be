/* trap: smooth is called from main.c and from local_energy in its own file, whose buffer a
   macro spells (this file's own reading cannot shrink it): the group is dropped, main's t
   keeps its size with it and no prototype changes (BC0203)
   expect: smooth:in unchanged
   expect: smooth:out unchanged [read-after-call]
   expect: smooth:tmp contracted 16
   expect: local_energy:in unchanged
   expect: local_energy:out unchanged
   expect: local_energy:u unchanged
*/
#include "dsp.h"
#define SCRATCH(name) double name[N][N]
void smooth(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j;
    out[i] = tmp[i][0] + tmp[i][N - 1];
  }
}
double local_energy(void) {
  double in[N], out[N];
  SCRATCH(u);
  for (int i = 0; i < N; i++) in[i] = 1.0 / (i + 1);
  smooth(in, out, u);
  double e = 0;
  for (int i = 0; i < N; i++) e += out[i] * out[i];
  return e;
}
