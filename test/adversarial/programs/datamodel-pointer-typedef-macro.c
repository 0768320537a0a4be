/* trap: a window of 12 - sizeof(dp), dp a pointer typedef: 4 cells back where pointers are
   8 bytes, 8 where 4 (-m32); the typedef's size is the data model's, like sizeof(void *)
   expect: window:t unchanged [no-saving]
   expect: window:in unchanged [pointer]
   expect: window:out unchanged [pointer]
   expect: main:in unchanged [passed-to-call]
   expect: main:out unchanged [passed-to-call]
*/
typedef double *dp;
#include <stdio.h>
#define L (12 - sizeof(dp))
static void window(const double *in, double *out) {
  double t[64];
  for (int i = 0; i < 64; i++) {
    t[i] = in[i] * 2.0;
    if (i >= L) out[i] = t[i - L];
  }
}
int main(void) {
  double in[64], out[64] = {0};
  for (int i = 0; i < 64; i++) in[i] = i;
  window(in, out);
  printf("%g\n", out[63]);
  return 0;
}
