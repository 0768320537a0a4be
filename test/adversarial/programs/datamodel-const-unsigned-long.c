/* trap: const unsigned long M = -1 holds 2^64 - 1 or 2^32 - 1: M % 7 is 1 or 3
   expect: window:t contracted 2      -- guarded: if (sizeof(long) != 8) { original }
   expect: window:in unchanged [pointer]
   expect: window:out unchanged [pointer]
   expect: main:in unchanged [passed-to-call]
   expect: main:out unchanged [passed-to-call]
*/
#include <stdio.h>
static void window(const double *in, double *out) {
  const unsigned long M = -1;
  double t[64];
  for (int i = 0; i < 64; i++) {
    t[i] = in[i] * 2.0;
    if (i >= (int)(M % 7)) out[i] = t[i - (int)(M % 7)];
  }
}
int main(void) {
  double in[64], out[64] = {0};
  for (int i = 0; i < 64; i++) in[i] = i;
  window(in, out);
  for (int i = 0; i < 64; i += 9) printf("%g\n", out[i]);
  return 0;
}
