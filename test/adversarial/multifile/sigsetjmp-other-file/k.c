/* trap: run() of run.c calls sigsetjmp (glibc: the macro __sigsetjmp) and reads t[5] when
   kern siglongjmps back after writing t: kern's t was folded to t[0] (run() returned -0
   for -3) (adversary 2026-11-29)
   expect: kern:t unchanged [caller-unstructured]
   expect: kern:in unchanged
*/
#include <setjmp.h>
#define N 16
extern sigjmp_buf env;
double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    s += t[i];
  }
  if (s > 10)
    siglongjmp(env, 1);
  return s;
}
