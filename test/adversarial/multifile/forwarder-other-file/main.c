/* trap: the buffer goes to the kernel through stage() of another file: it shrinks with the
   kernel's parameter, stage's and both prototypes in kern.h (one group)
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:t contracted 16
*/
#include <stdio.h>
#include "kern.h"
int main(void) {
  double in[N], out[N], t[N][N];
  for (int i = 0; i < N; i++) in[i] = i * 0.25;
  stage(in, out, t);
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i];
  printf("%f\n", s);
  return 0;
}
