/* trap: a second caller in a third file, with its own prototype of smooth
   expect: other:in unchanged
   expect: other:out unchanged
   expect: other:u contracted 16
*/
#include "dsp.h"
void smooth(const double in[N], double out[N], double tmp[N][N]);
double other(void) {
  double in[N], out[N], u[N][N];
  for (int i = 0; i < N; i++) in[i] = i;
  smooth(in, out, u);
  return out[3];
}
