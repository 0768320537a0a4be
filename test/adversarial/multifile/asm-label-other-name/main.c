/* trap: two C names of one assembler name: kern(t, in) reads nothing after the call,
   fast(u, in) calls the same function and main() reads u[5] after it
   expect: main:in unchanged
   expect: main:t unchanged
   expect: main:u unchanged
*/
#include <stdio.h>
#define N 16
double kern(double t[N], const double *in) __asm__("ksym");
double fast(double *t, const double *in) __asm__("ksym");
int main(void) {
  double in[N], t[N], u[N];
  for (int i = 0; i < N; i++) in[i] = i + 1;
  double s = kern(t, in);
  s += fast(u, in);
  printf("%f %f\n", s, u[5]);
  return 0;
}
