/* trap: (size_t)-1 > 4294967295u passes 2 where size_t is 64 bits, 7 where 32
   expect: window:t contracted 3      -- guarded: if (sizeof(void *) != 8) { original }
   expect: window:in unchanged [pointer]
   expect: window:out unchanged [pointer]
   expect: main:in unchanged [passed-to-call]
   expect: main:out unchanged [passed-to-call]
*/
#include <stddef.h>
#include <stdio.h>
static void window(int k, const double *in, double *out) {
  double t[64];
  for (int i = 0; i < 64; i++) {
    t[i] = in[i] * 2.0;
    if (i >= k) out[i] = t[i - k];
  }
}
int main(void) {
  double in[64], out[64] = {0};
  for (int i = 0; i < 64; i++) in[i] = i;
  window((size_t)-1 > 4294967295u ? 2 : 7, in, out);
  for (int i = 0; i < 64; i += 9) printf("%g\n", out[i]);
  return 0;
}
