/* trap: t goes to kern() through stage(), then to the set's own explicit_bzero()
   expect: main:t unchanged
*/
#include <stddef.h>
#include <stdio.h>
double stage(double b[16]);
void explicit_bzero(void *p, size_t n);
int main(void) {
  double t[16] = {0};
  double s = stage(t);
  explicit_bzero(t, sizeof t);
  printf("%f\n", s);
  return 0;
}
