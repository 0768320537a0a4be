/* trap: passes the extern global scratch to smooth
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:scratch unchanged
*/
#include <stdio.h>
#include "dsp.h"
int main(void) {
  double in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = i * 0.25;
  smooth(in, out, scratch);
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i] + scratch[1][2];
  printf("%f\n", s);
  return 0;
}
