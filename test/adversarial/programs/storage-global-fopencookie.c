/* trap: the file-scope scratch w of g() holds w[i] across fwrite to a stream made by
   fopencookie; its write function wr() calls g() again, which overwrites w. fwrite was a C
   library function that calls nothing back: w was scalarized and the sums differed
   (adversary 2026-11-29)
   expect: g:w unchanged [recursive]
   expect: g:in unchanged
   expect: main:in unchanged
   expect: wr:b unchanged
   expect: wr:c unchanged
   expect: wr:three unchanged */
#define _GNU_SOURCE
#include <stdio.h>
#define N 6
static double w[N];
static FILE *out;
static double acc;
static int inside;
static double g(const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    w[i] = in[i] * (i + 1);
    fwrite("ab", 1, 2, out);
    s += w[i] * w[i];
  }
  return s;
}
static ssize_t wr(void *c, const char *b, size_t n) {
  (void)c;
  (void)b;
  if (!inside) {
    inside = 1;
    double three[N] = {3, 3, 3, 3, 3, 3};
    acc += g(three);
    inside = 0;
  }
  return (ssize_t)n;
}
int main(void) {
  out = fopencookie(0, "w", (cookie_io_functions_t){0, wr, 0, 0});
  if (!out)
    return 1;
  setvbuf(out, 0, _IONBF, 0);
  double in[N];
  for (int i = 0; i < N; i++)
    in[i] = 0.5 + i;
  double s = g(in);
  printf("%f %f\n", s, acc);
  return 0;
}
