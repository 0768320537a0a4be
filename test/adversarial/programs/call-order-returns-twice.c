/* trap: grab() is declared returns_twice and is glibc's _setjmp under another C name (an asm
   label); kern longjmps back after writing t, and run() then reads t[5] in the branch written
   before the call. A function declared returns_twice was no setjmp to the analysis: kern's t
   was folded to t[0] (adversary 2026-11-29)
   expect: kern:t unchanged [caller-unstructured]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:t unchanged
   expect: run:in unchanged
   expect: run:t unchanged */
#include <stdio.h>
#include <setjmp.h>
#define N 16
extern int grab(jmp_buf) __asm__("_setjmp") __attribute__((returns_twice));
static jmp_buf env;
static double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    s += t[i];
  }
  if (s > 10)
    longjmp(env, 1);
  return s;
}
static double run(double t[N], const double *in) {
  if (grab(env))
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
