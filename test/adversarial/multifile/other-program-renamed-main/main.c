/* trap: the only call the set shows, which reads nothing after it
   expect: main:t unchanged
*/
#include <stdio.h>
double kern(double t[8]);
int main(void) {
  double t[8];
  printf("%f\n", kern(t));
  return 0;
}
