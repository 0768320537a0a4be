/* trap: the caller reads the buffer after the call
   expect: main:buf unchanged
*/
#include <stdio.h>
double stage(double t[8]);
int main(void) {
  double buf[8];
  double s = stage(buf);
  printf("%f %f\n", s, buf[3]);
  return 0;
}
