/* trap: sorts its buffer before the kernel's call, reads nothing of it after
   expect: main:in unchanged
   expect: main:t unchanged
*/
#include <stdio.h>
#include <stdlib.h>
#define N 16
int cmp(const void *a, const void *b);
const double *lowest(void);
double kern(double t[N], const double *in);
int main(void) {
  double in[N], t[N];
  for (int i = 0; i < N; i++) in[i] = t[i] = (i * 7) % N + 1;
  qsort(t, N, sizeof t[0], cmp);
  double s = kern(t, in);
  printf("%f %f\n", s, lowest()[5]);
  return 0;
}
