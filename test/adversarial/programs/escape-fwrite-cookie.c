/* trap: main() writes its buffer t with fwrite to an unbuffered stream made by fopencookie,
   whose write function wr() gets t's own address (glibc hands the caller's buffer on) and
   keeps it; main() reads seen[5] after kern(t, in). fwrite was a C library function that
   keeps no address: kern's t was folded to t[0] (printed 6 for 3) (adversary 2026-11-29)
   expect: kern:t unchanged [callee-keeps-address]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:t unchanged */
#define _GNU_SOURCE
#include <stdio.h>
#define N 16
static const char *seen;
static ssize_t wr(void *c, const char *b, size_t n) {
  (void)c;
  if (!seen)
    seen = b;
  return (ssize_t)n;
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
  double in[N], t[N];
  for (int i = 0; i < N; i++)
    in[i] = t[i] = i + 1;
  FILE *out = fopencookie(0, "w", (cookie_io_functions_t){0, wr, 0, 0});
  if (!out)
    return 1;
  setvbuf(out, 0, _IONBF, 0);
  fwrite(t, sizeof t[0], N, out);
  double s = kern(t, in);
  printf("%d %f %f\n", seen == (const char *)t, s, ((const double *)seen)[5]);
  return 0;
}
