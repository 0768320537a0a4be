/* trap: a direct call that reads nothing after, and a call through the table that does
   expect: main:a unchanged
   expect: main:b unchanged
*/
#include <stdio.h>
double ramp(double *t);
extern double (*const ops[1])(double *);
int main(void) {
  double a[8], b[8];
  for (int i = 0; i < 8; i++) b[i] = -1.0;
  double s = ramp(a);
  s += ops[0](b);
  printf("%f %f\n", s, b[7]);
  return 0;
}
