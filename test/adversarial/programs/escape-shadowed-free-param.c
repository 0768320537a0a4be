/* trap: run()'s parameter is named free, a pointer to keep(), which stores its argument:
   free(t) in run() is a call through that pointer, not the C library's free; main() reads
   kept[5] after kern(t, in). The call counted as a free of the buffer: kern's t was folded
   to t[0] and kept[5] read a cell kern never wrote (adversary 2026-11-29)
   expect: kern:t unchanged [callee-keeps-address]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:t unchanged */
#include <stdio.h>
#define N 16
static double *kept;
static void keep(double *p) { kept = p; }
static void run(double *t, void (*free)(double *)) { free(t); }
static double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    s += t[i];
  }
  return s;
}
int main(void) {
  double in[N], t[N];
  for (int i = 0; i < N; i++)
    in[i] = i + 1;
  run(t, keep);
  double s = kern(t, in);
  printf("%f %f\n", s, kept[5]);
  return 0;
}
