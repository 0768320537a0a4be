/* trap: an enumeration defined in the parameter list after the scratch parameter: its private copy was inserted inside the enumeration
   expect: kernel:A unchanged [value-flows-in]
   expect: kernel:out unchanged [read-after-call]
   expect: kernel:tmp contracted 12
   expect: main:out unchanged
   expect: main:tmp contracted 12 */
#include <stdio.h>
#include <stdlib.h>
#define N 12
static void kernel(double A[N][N], double tmp[N][N], double out[N], enum { HALF = 2 } h) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) tmp[i][j] = A[i][j] / h + i;
    double s = 0.0;
    for (int j = 0; j < N; j++) s += tmp[i][j] * tmp[i][j];
    out[i] = s;
  }
}
int main(void) {
  double (*A)[N] = malloc(sizeof(double) * N * N);
  double (*tmp)[N] = malloc(sizeof(double) * N * N);
  double out[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[i][j] = (double)((i * j) % 7);
  kernel(A, tmp, out, 2);
  for (int i = 0; i < N; i++) printf("%.3f\n", out[i]);
  free(A);
  free(tmp);
  return 0;
}
