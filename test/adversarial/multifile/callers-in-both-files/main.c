/* trap: a caller in another file than the kernel, which its own file calls too
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:t contracted 16
*/
#include <stdio.h>
#include "dsp.h"
int main(void) {
  double in[N], out[N], t[N][N];
  for (int i = 0; i < N; i++) in[i] = i * 0.25;
  smooth(in, out, t);
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i];
  printf("%f %f\n", s, local_energy());
  return 0;
}
