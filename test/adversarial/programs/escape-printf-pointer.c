/* trap: reg() writes the address of main's t as text with sprintf's %p, and peek() reads it
   back with sscanf's %p (C17 7.21.6.2: the same pointer) and reads t[5] after kern(t, in);
   sprintf was a C library function that keeps no address: kern's t was folded to t[0] and
   peek read a cell kern never wrote (adversary 2026-11-29)
   expect: kern:t unchanged [callee-keeps-address]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:t unchanged
   expect: peek:where unchanged
   expect: reg:p unchanged
   expect: reg:where unchanged */
#include <stdio.h>
#define N 16
static char where[64];
static void reg(double *p) { sprintf(where, "%p", (void *)p); }
static double peek(void) {
  void *p = 0;
  sscanf(where, "%p", &p);
  return ((double *)p)[5];
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
    in[i] = i + 1;
  reg(t);
  double s = kern(t, in);
  printf("%f %f\n", s, peek());
  return 0;
}
