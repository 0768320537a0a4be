/* trap: includes dsp.h (extern float work[64]) and never uses work
   expect: main:x unchanged
*/
#include <stdio.h>
float smooth(const float *x);
#include "dsp.h"
int main(void) {
  float x[64];
  for (int i = 0; i < 64; i++) x[i] = i;
  printf("%f\n", smooth(x));
  return 0;
}
