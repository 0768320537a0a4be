/* trap: main calls kern directly and through stage: both are in kern.c's view
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:t unchanged
   expect: main:u unchanged
*/
#include <stdio.h>
#include "kern.h"
double g(void);
int main(void) {
  double in[N], out[N], t[N][N], u[N][N];
  for (int i = 0; i < N; i++) in[i] = i * 0.25;
  kern(in, out, u);
  stage(in, out, t);
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i];
  printf("%f %f\n", s, g());
  return 0;
}
