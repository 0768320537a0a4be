/* trap: two blocks of the program's malloc, one passed to the kernel, the other read
   expect: main:in unchanged
*/
#include <stdio.h>
#include <stdlib.h>
#define N 16
double kern(double t[N], const double *in);
int main(void) {
  double in[N];
  for (int i = 0; i < N; i++) in[i] = i + 1;
  double *a = malloc(N * sizeof *a);
  double *b = malloc(N * sizeof *b);
  double s = kern(a, in);
  printf("%f %f\n", s, b[5]);
  return 0;
}
