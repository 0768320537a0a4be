/* trap: f()'s static scratch w holds w[i] across fputs to a stream made by fopencookie, whose
   write function wr() calls f() again (an unbuffered stream: at every fputs); the inner call
   overwrites w. fputs was a C library function that calls nothing back: w was scalarized
   and f(1) returned 856 for 828 (adversary 2026-11-29)
   expect: f:w unchanged [recursive] */
#define _GNU_SOURCE
#include <stdio.h>
#define N 8
static FILE *log_;
static double acc;
static int depth;
static double f(double base) {
  static double w[N];
  double s = 0;
  for (int i = 0; i < N; i++) {
    w[i] = base + i;
    fputs("x", log_);
    s += w[i];
  }
  return s;
}
static ssize_t wr(void *c, const char *b, size_t n) {
  (void)c;
  (void)b;
  if (depth == 0) {
    depth = 1;
    acc += f(100);
    depth = 0;
  }
  return (ssize_t)n;
}
int main(void) {
  cookie_io_functions_t io = {0, wr, 0, 0};
  log_ = fopencookie(0, "w", io);
  if (!log_)
    return 1;
  setvbuf(log_, 0, _IONBF, 0);
  double s = f(1);
  printf("%f %f\n", s, acc);
  return 0;
}
