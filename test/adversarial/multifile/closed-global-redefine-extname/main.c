/* trap: reads dsp.c's work after the call by its symbol, real_work
   expect: main:x unchanged
   expect: main:real_work unchanged
*/
#include <stdio.h>
float smooth(const float *x);
extern float real_work[64];
int main(void) {
  float x[64];
  for (int i = 0; i < 64; i++) x[i] = i;
  printf("%f\n", smooth(x));
  printf("%f\n", real_work[7]);
  return 0;
}
