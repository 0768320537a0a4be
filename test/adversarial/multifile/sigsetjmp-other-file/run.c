/* trap: the caller that jumps back
   expect: run:in unchanged
   expect: run:t unchanged
*/
#include <setjmp.h>
#define N 16
sigjmp_buf env;
double kern(double t[N], const double *in);
double run(double t[N], const double *in) {
  if (sigsetjmp(env, 0))
    return -t[5];
  return kern(t, in);
}
