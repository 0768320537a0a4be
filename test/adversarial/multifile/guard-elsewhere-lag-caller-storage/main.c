/* trap: the buffer a kernel of another file uses as scratch, which shrinks with it
   expect: main:buf contracted 2
   expect: main:in unchanged
*/
#include <stdio.h>
double smooth(double t[16], const double in[16]);
int main(void) {
  double buf[16], in[16];
  for (int i = 0; i < 16; i++) in[i] = i;
  printf("%f\n", smooth(buf, in));
  return 0;
}
