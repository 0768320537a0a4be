/* trap: an alias of t taken before the call, read after it
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:t unchanged
*/
#include <stdio.h>
#include "dsp.h"
static double (*keep)[N];
static double later(void) { return keep[3][5]; }
int main(void) {
  double in[N], out[N], t[N][N];
  double (*alias)[N] = t;
  keep = t;
  for (int i = 0; i < N; i++) in[i] = i * 0.25;
  smooth(in, out, t);
  double s = alias[2][7] + later();
  for (int i = 0; i < N; i++) s += out[i];
  printf("%f\n", s);
  return 0;
}
