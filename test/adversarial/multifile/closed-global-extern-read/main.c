/* trap: reads the other file's work after the call
   expect: main:x unchanged
   expect: main:work unchanged
*/
#include <stdio.h>
float smooth(const float *x);
extern float work[64];
int main(void) {
  float x[64];
  for (int i = 0; i < 64; i++) x[i] = i;
  printf("%f\n", smooth(x));
  printf("%f\n", work[7]);
  return 0;
}
