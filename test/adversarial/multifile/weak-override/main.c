/* trap: calls smooth(), then post() with the same buffer
   expect: main:out unchanged
   expect: main:t unchanged
*/
#include <stdio.h>
void smooth(double out[8], double t[8]);
void post(double t[8]);
int main(void) {
  double out[8], t[8];
  smooth(out, t);
  post(t);
  printf("%f\n", out[5]);
  return 0;
}
