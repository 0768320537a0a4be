/* trap: kern reached through a pointer whose initializer pastes its name, in a branch another
   build takes (-DHOOK)
   build also: -DHOOK
   expect: none
*/
#include <stdio.h>
#include "kern.h"
#define NAME(a, b) a##b
#ifdef HOOK
static void (*hook)(const double *, double *, double (*)[N]) = NAME(ke, rn);
void other(void) {
  double in[N], out[N], t[N][N];
  for (int i = 0; i < N; i++) in[i] = i;
  hook(in, out, t);
  printf("hook %f\n", t[3][5]);
}
#else
void other(void) {}
#endif
