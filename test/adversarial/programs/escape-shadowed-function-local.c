/* trap: main() declares a local function pointer named note, holding keep(), which stores
   its argument: note(t) calls keep, not the file's note(), which keeps nothing; main()
   reads kept[5] after kern(t, in). The call was read as one of the file's note(): kern's t
   was folded to t[0] and kept[5] read a cell kern never wrote (adversary 2026-11-29). Scopes
   are not followed: the outer note(t) counts as a call through a pointer too
   expect: kern:t unchanged [buffer-escapes]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:t unchanged */
#include <stdio.h>
#define N 16
static double *kept;
static double noted;
static void keep(double *p) { kept = p; }
static void note(double *p) { noted = p[0]; }
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
  t[0] = 2;
  note(t);
  {
    void (*note)(double *) = keep;
    note(t);
  }
  double s = kern(t, in);
  printf("%f %f %f\n", s, noted, kept[5]);
  return 0;
}
