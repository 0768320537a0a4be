/* trap: -1L < 1u is true where long holds every unsigned int (LP64), false in ILP32
   expect: g:t contracted 2           -- guarded: the -m32 build takes the original body
   expect: g:in unchanged [pointer]
   expect: g:out unchanged [pointer]
   expect: main:in unchanged [passed-to-call]
   expect: main:out unchanged [passed-to-call]
*/
#include <stdio.h>
static void g(const double *in, double *out) {
  double t[64];
  for (int i = 0; i < 64; i++) {
    t[i] = in[i] * 2.0;
    if (-1L < 1u) {
      if (i >= 1) out[i] = t[i - 1];
    } else if (i >= 8)
      out[i] = t[i - 8];
  }
}
int main(void) {
  double in[64], out[64] = {0};
  for (int i = 0; i < 64; i++) in[i] = i;
  g(in, out);
  for (int i = 0; i < 64; i += 9) printf("%g\n", out[i]);
  return 0;
}
