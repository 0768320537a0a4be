/* trap: closed world
   expect: main:x unchanged
*/
#include <stdio.h>
float smooth(const float *x);
int main(void) {
  float x[64];
  for (int i = 0; i < 64; i++) x[i] = i;
  printf("%f\n", smooth(x));
  return 0;
}
