/* The loop bound is a configuration: with STEPS 2 the slot index i stays in [0, 2) and
   needs no %, with STEPS 6 it does; the one output keeps what holds in both.
   Configurations: -DSTEPS=2 and -DSTEPS=6. */
#include <stdio.h>
#ifndef STEPS
#define STEPS 2
#endif

static double run(const double *in) {
  double t[8];
  double s = 0;
  int i;
  for (i = 0; i < STEPS; i++) {
    t[i] = in[i] + 1.0;
    s += t[i] * (i > 0 ? t[i - 1] : 1.0);
  }
  return s;
}

int main(void) {
  double in[8];
  int i;
  for (i = 0; i < 8; i++) in[i] = (double)(i % 3);
  printf("%.3f\n", run(in));
  return 0;
}
