/* trap: the one caller; t is not read after the call, so it shrinks with the kernel
   expect: main:t contracted 3
*/
#include <stdio.h>
double kern(double t[16]);
double helper(void);
int main(void) {
  double t[16];
  double s = kern(t);
  s += helper();
  printf("%.3f\n", s);
  return 0;
}
