/* trap: declares work again (extern here: -fno-common compilers refuse two tentative definitions at link) and reads it
   expect: main:x unchanged
   expect: main:work unchanged
*/
#include <stdio.h>
float smooth(const float *x);
extern float work[];
int main(void) {
  float x[64];
  for (int i = 0; i < 64; i++) x[i] = i;
  printf("%f\n", smooth(x));
  printf("%f\n", work[63]);
  return 0;
}
