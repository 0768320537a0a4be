/* trap: hands t to run() with keep, then to the kernel
   expect: main:in unchanged
   expect: main:t unchanged
*/
#include <stdio.h>
#define N 16
void keep(double *p);
double *kept(void);
void run(double *t, void (*free)(double *));
double kern(double t[N], const double *in);
int main(void) {
  double in[N], t[N];
  for (int i = 0; i < N; i++) in[i] = i + 1;
  run(t, keep);
  double s = kern(t, in);
  printf("%f %f\n", s, kept()[5]);
  return 0;
}
