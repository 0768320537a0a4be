/* trap: the caller of a kernel that another unit (lib.c) compiles by including kern.c: the
   buffer shrinks here with the kernel's parameter there, in one edit set with the header
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:t contracted 8
*/
#include <stdio.h>
#include "kern.h"
double run(void);
int main(void) {
  double in[N], out[N], t[N][N];
  for (int i = 0; i < N; i++) in[i] = i;
  smooth(in, out, t);
  printf("%g %g %g\n", out[3], out[7], run());
  return 0;
}
