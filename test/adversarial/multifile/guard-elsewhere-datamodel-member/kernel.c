/* trap: M's mapping rests on K % 7 (1 where long has 64 bits, 3 where 32): the member M of
   bench.h's struct would shrink for every unit, while this function's guard runs the original
   body in the other data model
   build also: -m32
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: kernel:M unchanged [data-model-dependent]
*/
#include "bench.h"

void kernel(int in[N], int out[N], int M[N]) {
  const unsigned long K = -1;
  for (int i = 0; i < N; i++) {
    M[i] = in[i] * 2;
    out[i] = i >= (int)(K % 7) ? M[i - (int)(K % 7)] : 0;
  }
}
