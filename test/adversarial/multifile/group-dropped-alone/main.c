/* trap: t is spelled by a macro (main.c's own reading cannot shrink it: its group is
   dropped, BC0203); w goes to sharpen alone and shrinks; x goes to blur, whose group holds
   other.c's v and through it smooth's t: x keeps its size
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:t unchanged
   expect: main:w contracted 16
   expect: main:x unchanged
*/
#include <stdio.h>
#include "dsp.h"
#define SCRATCH(name) double name[N][N]
int main(void) {
  double in[N], out[N];
  SCRATCH(t);
  double w[N][N], x[N][N];
  double s = 0;
  for (int i = 0; i < N; i++) in[i] = i * 0.25;
  smooth(in, out, t);
  for (int i = 0; i < N; i++) s += out[i];
  sharpen(in, out, w);
  for (int i = 0; i < N; i++) s += out[i];
  blur(in, out, x);
  for (int i = 0; i < N; i++) s += out[i];
  printf("%f %f\n", s, other());
  return 0;
}
