/* trap: reads the array after the call through peek(), defined in probe.c
   expect: main:x unchanged
*/
#include <stdio.h>
#include "probe.h"
float smooth(const float *x);
int main(void) {
  float x[64];
  for (int i = 0; i < 64; i++) x[i] = i;
  printf("%f\n", smooth(x));
  printf("%f\n", peek());
  return 0;
}
