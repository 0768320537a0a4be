/* trap: reads work[7] after the call through peek(), an assembly function: no C file of
   the set names work
   expect: main:x unchanged
*/
#include <stdio.h>
float smooth(const float *x);
float peek(void);
int main(void) {
  float x[64];
  for (int i = 0; i < 64; i++) x[i] = i;
  printf("%f\n", smooth(x));
  printf("%f\n", peek());
  return 0;
}
