/* A DSP-style filter keeps its scratch static, off the stack: a delay line rebuilt on every
   call and a per-block accumulator. No value crosses from one call to the next, so both
   shrink where they are declared and stay static (.bss 17 KiB -> 48 bytes). */
#include <stdio.h>
#define BLOCK 512
#define TAPS 4

static double filter_block(const double *in, const double *coef, int gain) {
  static double window[BLOCK][TAPS];
  static double acc[BLOCK];
  double energy = 0;
  for (int i = 0; i < BLOCK; i++) {
    for (int k = 0; k < TAPS; k++) window[i][k] = in[(i + k) % BLOCK] * coef[k];
    acc[i] = 0;
    for (int k = 0; k < TAPS; k++) acc[i] += window[i][k];
    energy += acc[i] * acc[i] * gain;
  }
  return energy;
}

int main(void) {
  static double in[BLOCK];
  const double coef[TAPS] = {0.25, 0.5, 0.125, 0.125};
  double total = 0;
  for (int b = 0; b < 3; b++) {
    for (int i = 0; i < BLOCK; i++) in[i] = (double)((i * 7 + b) % 13) - 6.0;
    total += filter_block(in, coef, b + 1);
  }
  printf("checksum %.4f\n", total);
  return 0;
}
