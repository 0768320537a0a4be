/* trap: none: a malloc'd scratch buffer passed to a static kernel, then freed, is a temporary of the kernel
   expect: kernel:t contracted 32
   expect: kernel:in unchanged [value-flows-in]
   expect: kernel:out unchanged [read-after-call]
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:scratch contracted 32 */
#include <stdio.h>
#include <stdlib.h>
#define N 32
static void kernel(double t[N][N], const double in[N], double out[N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) t[i][j] = in[i] * j;
    double s = 0;
    for (int j = 0; j < N; j++) s += t[i][j];
    out[i] = s;
  }
}
int main(void) {
  double in[N], out[N];
  double (*scratch)[N] = malloc(sizeof(double[N][N]));
  for (int i = 0; i < N; i++) in[i] = i + 1;
  kernel(scratch, in, out);
  free(scratch);
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i];
  printf("%.1f\n", s);
  return 0;
}
