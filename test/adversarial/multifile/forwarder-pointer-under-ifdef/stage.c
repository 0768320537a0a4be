/* trap: the forwarder's own unit names it under #ifdef HOOK
   build also: -DHOOK
   expect: stage:in unchanged
   expect: stage:out unchanged
   expect: stage:b unchanged
*/
#include <stdio.h>
#include "kern.h"
void stage(const double in[N], double out[N], double b[N][N]) { kern(in, out, b); }
#ifdef HOOK
static void (*hook)(const double *, double *, double (*)[N]) = stage;
void other(void) {
  double in[N], out[N], t[N][N];
  for (int i = 0; i < N; i++) in[i] = i;
  hook(in, out, t);
  printf("hook %f\n", t[3][5]);
}
#else
void other(void) {}
#endif
