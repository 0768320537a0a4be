/* trap: t's address kept before the call, read through it after
   expect: main:t unchanged
*/
#include <stddef.h>
#include <stdio.h>
double kern(double t[16]);
void explicit_bzero(void *p, size_t n);
double peek(void);
int main(void) {
  double t[16];
  explicit_bzero(t, sizeof t);
  double s = kern(t);
  s += peek();
  printf("%f\n", s);
  return 0;
}
