/* trap: fast is kern under another C name, its label split over two literals
   expect: main:in unchanged
   expect: main:t unchanged
   expect: main:u unchanged
*/
#include <stdio.h>
#define N 16
double kern(double t[N], const double *in);
double fast(double *t, const double *in) __asm__("ke" "rn");
int main(void) {
  double in[N], t[N], u[N];
  for (int i = 0; i < N; i++) in[i] = i + 1;
  double s = kern(t, in);
  s += fast(u, in);
  printf("%f %f\n", s, u[5]);
  return 0;
}
