/* trap: main() declares a local function pointer named malloc, holding give(), which
   returns a file-scope pool: t = malloc(...) is the pool, not fresh memory, and main() reads
   pool[5] after kern(t, in). The call counted as an allocation: kern's t was folded to t[0]
   and pool[5] read a cell kern never wrote (adversary 2026-11-29)
   expect: kern:t unchanged [buffer-not-analysable]
   expect: give:pool unchanged
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:pool unchanged */
#include <stdio.h>
#include <stddef.h>
#define N 16
static double pool[N];
static void *give(size_t n) {
  (void)n;
  return pool;
}
static double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    s += t[i];
  }
  return s;
}
int main(void) {
  void *(*malloc)(size_t) = give;
  double in[N];
  for (int i = 0; i < N; i++)
    in[i] = i + 1;
  double *t = malloc(N * sizeof *t);
  double s = kern(t, in);
  printf("%f %f\n", s, pool[5]);
  return 0;
}
