/* trap: run() saves its context with getcontext, which returns a second time when kern
   resumes it with setcontext after writing t; run() then reads t[5] in the branch written
   before the call. getcontext was no setjmp to the analysis: kern's t was folded to t[0]
   (adversary 2026-11-29)
   expect: kern:t unchanged [caller-unstructured]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:t unchanged
   expect: run:in unchanged
   expect: run:t unchanged */
#include <stdio.h>
#include <ucontext.h>
#define N 16
static ucontext_t saved;
static volatile int resumed;
static double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    s += t[i];
  }
  if (s > 10) {
    resumed = 1;
    setcontext(&saved);
  }
  return s;
}
static double run(double t[N], const double *in) {
  resumed = 0;
  getcontext(&saved);
  if (resumed)
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
