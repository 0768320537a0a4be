/* trap: the storage of another file's data-model-dependent scratch
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:buf unchanged
*/
#include <stdio.h>
void window(double t[64], const double *in, double *out);
int main(void) {
  double in[64], out[64] = {0}, buf[64];
  for (int i = 0; i < 64; i++) in[i] = i;
  window(buf, in, out);
  for (int i = 0; i < 64; i += 9) printf("%g\n", out[i]);
  return 0;
}
