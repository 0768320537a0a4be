/* trap: main() reads nothing of t after kern's call itself
   expect: main:in unchanged
   expect: main:t unchanged
*/
#include <stdio.h>
#define N 16
void reg(double *p);
double peek(void);
double kern(double t[N], const double *in);
int main(void) {
  double in[N], t[N];
  for (int i = 0; i < N; i++) in[i] = i + 1;
  reg(t);
  double s = kern(t, in);
  printf("%f %f\n", s, peek());
  return 0;
}
