/* trap: the one caller seen in the default build; t is not read after the call
   expect: main:t unchanged
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
