/* trap: a heap block passed to another file's kernel: its allocation shrinks
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:t contracted 16
*/
#include <stdio.h>
#include <stdlib.h>
#include "dsp.h"
int main(void) {
  double in[N], out[N];
  double (*t)[N] = malloc(N * sizeof(double[N]));
  for (int i = 0; i < N; i++) in[i] = i * 0.25;
  smooth(in, out, t);
  free(t);
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i];
  printf("%f %f\n", s, other());
  return 0;
}
