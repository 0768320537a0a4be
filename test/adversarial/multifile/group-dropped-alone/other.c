/* trap: v goes to smooth and to blur: it joins their groups
   expect: other:in unchanged
   expect: other:out unchanged
   expect: other:v unchanged
*/
#include "dsp.h"
double other(void) {
  double in[N], out[N], v[N][N];
  for (int i = 0; i < N; i++) in[i] = i;
  smooth(in, out, v);
  double a = out[3];
  blur(in, out, v);
  return a + out[5];
}
