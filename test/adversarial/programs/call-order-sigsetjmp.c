/* trap: run() calls sigsetjmp, which glibc's <setjmp.h> spells __sigsetjmp (a macro); kern
   siglongjmps back after writing t, and run() then reads t[5] in the branch written before
   the call. __sigsetjmp was no setjmp to the analysis: kern's t was folded to t[0] and run()
   returned -0 for -3 (adversary 2026-11-29)
   expect: kern:t unchanged [caller-unstructured]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:t unchanged
   expect: run:in unchanged
   expect: run:t unchanged */
#include <stdio.h>
#include <setjmp.h>
#define N 16
static sigjmp_buf env;
static double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    s += t[i];
  }
  if (s > 10)
    siglongjmp(env, 1);
  return s;
}
static double run(double t[N], const double *in) {
  if (sigsetjmp(env, 0))
    return -t[5];
  return kern(t, in);
}
int main(void) {
  double in[N], t[N];
  for (int i = 0; i < N; i++)
    in[i] = i + 1;
  printf("%f\n", run(t, in));
  return 0;
}
