/* trap: t's address kept (two files away) before the call, read through it after
   expect: main:t unchanged
*/
#include <stddef.h>
#include <stdio.h>
double kern(double t[16]);
void prepare(double *b, size_t n);
double peek(void);
int main(void) {
  double t[16];
  prepare(t, 16);
  double s = kern(t);
  s += peek();
  printf("%f\n", s);
  return 0;
}
