/* trap: a unit test of a static function: it includes kern.c to reach smooth() and checks what smooth() left in its scratch buffer
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:scratch unchanged */
#include <stdio.h>
#include "kern.c"
int main(void) {
  double in[N], out[N], scratch[N];
  for (int i = 0; i < N; i++) in[i] = i;
  double s = smooth(scratch, in, out);
  int bad = 0;
  for (int i = 0; i < N; i++) bad += scratch[i] != in[i] * 0.5;
  printf("%.2f %.2f %s\n", s, run(in, out), bad ? "FAIL" : "ok");
  return bad;
}
