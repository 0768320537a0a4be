/* trap: f()'s static scratch w holds w[i] across snprintf with a conversion %W that
   register_printf_specifier (glibc) gave to show(), which calls f() again and overwrites w.
   snprintf was a C library function that calls nothing back: w was scalarized and f(1)
   returned another sum (adversary 2026-11-29)
   expect: f:w unchanged [recursive]
   expect: f:text unchanged */
#include <stdio.h>
#include <printf.h>
#define N 8
static double acc;
static int depth;
static double f(double base) {
  static double w[N];
  double s = 0;
  char text[16];
  for (int i = 0; i < N; i++) {
    w[i] = base + i;
    snprintf(text, sizeof text, "%W", i);
    s += w[i];
  }
  return s;
}
static int show(FILE *stream, const struct printf_info *info, const void *const *args) {
  (void)info;
  (void)args;
  if (depth == 0) {
    depth = 1;
    acc += f(100);
    depth = 0;
  }
  return fprintf(stream, "w");
}
static int show_args(const struct printf_info *info, size_t n, int *types, int *size) {
  (void)info;
  (void)size;
  if (n > 0)
    types[0] = PA_INT;
  return 1;
}
int main(void) {
  register_printf_specifier('W', show, show_args);
  double s = f(1);
  printf("%f %f\n", s, acc);
  return 0;
}
