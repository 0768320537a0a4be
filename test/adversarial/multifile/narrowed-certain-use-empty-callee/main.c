/* trap: t's address kept before the call, an empty callee after it, a read through the
   kept address last
   expect: main:t unchanged
*/
#include <stddef.h>
#include <stdio.h>
double kern(double t[16]);
void explicit_bzero(void *p, size_t n);
double peek(void);
static void nop(double *p) {}
int main(void) {
  double t[16];
  explicit_bzero(t, sizeof t);
  double s = kern(t);
  nop(t);
  s += peek();
  printf("%f\n", s);
  return 0;
}
