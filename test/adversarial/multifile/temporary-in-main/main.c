/* trap: the caller of another file's kernel: its buffer t carries no value across the call
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:t contracted 1   -- shrinks in this file with smooth's tmp (issue 27, item 2)
   expect: main:u contracted 1
*/
#include <stdio.h>
#include "dsp.h"
int main(void) {
  double in[N], out[N], t[N], u[N];
  for (int i = 0; i < N; i++) in[i] = i * 0.25;
  smooth(in, out, t);
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i];
  smooth(out, in, u);
  for (int i = 0; i < N; i++) s += in[i];
  printf("%f\n", s);
  return 0;
}
