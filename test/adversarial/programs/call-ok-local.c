/* trap: none: a local scratch buffer passed to a static kernel and never read after the call is a temporary of the kernel
   expect: kernel:t scalarized
   expect: kernel:in unchanged [value-flows-in]
   expect: kernel:out unchanged [read-after-call]
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:scratch contracted 1 */
#include <stdio.h>
#define N 32
static void kernel(double t[N], const double in[N], double out[N]) {
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 2.0;
    out[i] = t[i] + 1.0;
  }
}
int main(void) {
  double in[N], out[N], scratch[N];
  for (int i = 0; i < N; i++) in[i] = i * 0.25;
  kernel(scratch, in, out);
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i];
  printf("%.3f\n", s);
  return 0;
}
