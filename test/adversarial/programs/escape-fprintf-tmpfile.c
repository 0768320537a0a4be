/* trap: main() writes the address of its buffer t with fprintf's %p to a temporary file,
   calls kern(t, in), then reads the address back with fscanf's %p and reads t[N - 1]
   through it; fprintf was a C library function that keeps no address: kern's t was folded
   to t[0] (adversary 2026-11-29)
   expect: kern:t unchanged [callee-keeps-address]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:t unchanged */
#include <stdio.h>
#define N 16
static double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.25 + 1;
    s += t[i] * t[i];
  }
  return s;
}
int main(void) {
  double in[N], t[N];
  for (int i = 0; i < N; i++)
    in[i] = i * 3 % 7;
  FILE *f = tmpfile();
  if (!f)
    return 1;
  fprintf(f, "%p\n", (void *)t);
  double s = kern(t, in);
  rewind(f);
  void *p = 0;
  if (fscanf(f, "%p", &p) != 1)
    return 1;
  fclose(f);
  printf("%f %f\n", s, ((double *)p)[N - 1]);
  return 0;
}
