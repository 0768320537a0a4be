/* trap: kern's caller declares its buffer with a cleanup attribute as a C23 [[gnu::cleanup]]
   attribute: show(&t) reads t[N - 1] when the block ends, after the call; kern's t was folded
   in place (main's t shrank to 3 cells when the attribute came first) and show printed another
   value (adversary 2026-11-28d)
   expect: kern:t unchanged [buffer-escapes]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:t unchanged */
#include <stdio.h>
#define N 16
static double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 1.5;
    if (i >= 2)
      s += t[i - 2] * t[i];
  }
  return s;
}
static void show(double (*p)[N]) { printf("last %.3f\n", (*p)[N - 1]); }
int main(void) {
  double in[N];
  for (int i = 0; i < N; i++)
    in[i] = i % 5 + 1;
  {
    [[gnu::cleanup(show)]] double t[N];
    printf("%.3f\n", kern(t, in));
  }
  return 0;
}
