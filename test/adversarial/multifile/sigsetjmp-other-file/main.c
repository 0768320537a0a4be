/* trap: reads nothing after the call itself
   expect: main:in unchanged
   expect: main:t unchanged
*/
#include <stdio.h>
#define N 16
double run(double t[N], const double *in);
int main(void) {
  double in[N], t[N];
  for (int i = 0; i < N; i++) in[i] = i + 1;
  printf("%f\n", run(t, in));
  return 0;
}
