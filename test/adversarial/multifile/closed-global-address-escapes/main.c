/* trap: reads work through the pointer smooth() leaves
   expect: main:x unchanged
*/
#include <stdio.h>
float smooth(const float *x);
extern float *work_view;
int main(void) {
  float x[64];
  for (int i = 0; i < 64; i++) x[i] = i;
  printf("%f\n", smooth(x));
  printf("%f\n", work_view[5]);
  return 0;
}
