/* trap: note() formats its pointer argument with snprintf's %p into a file-scope string, and
   main() calls note(t) before kern(t, in); later back() parses the string with strtoull and
   reads t[7]; snprintf was a C library function that keeps no address: kern's t was folded
   to t[0] (adversary 2026-11-29)
   expect: kern:t unchanged [callee-keeps-address]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:t unchanged
   expect: back:text unchanged
   expect: note:p unchanged
   expect: note:text unchanged */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#define N 16
static char text[40];
static void note(const double *p) { snprintf(text, sizeof text, "%#jx", (uintmax_t)(uintptr_t)p); }
static double back(void) { return ((const double *)(uintptr_t)strtoull(text, 0, 16))[7]; }
static double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] - 2;
    s += t[i] * i;
  }
  return s;
}
int main(void) {
  double in[N], t[N];
  for (int i = 0; i < N; i++)
    in[i] = i * i % 11;
  note(t);
  double s = kern(t, in);
  printf("%f %f\n", s, back());
  return 0;
}
