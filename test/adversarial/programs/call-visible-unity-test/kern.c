/* trap: a static helper whose scratch buffer nobody in this file reads after the call; the unit test main.c includes this file and checks the scratch contents
   expect: smooth:t unchanged [read-after-call] -- main.c reads the scratch buffer after its call
   expect: smooth:in unchanged [read-after-call]
   expect: smooth:out unchanged [read-after-call]
   expect: run:in unchanged
   expect: run:out unchanged */
#include <stdlib.h>
#define N 8
static double smooth(double t[N], const double in[N], double out[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    out[i] = t[i] + (i > 0 ? in[i - 1] : 0);
    s += out[i];
  }
  return s;
}
double run(const double in[N], double out[N]) {
  double *scratch = malloc(N * sizeof *scratch);
  double s = smooth(scratch, in, out);
  free(scratch);
  return s;
}
