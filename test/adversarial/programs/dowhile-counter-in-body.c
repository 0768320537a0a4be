/* trap: a do-while `while (++k < N)` whose body steps the counter again on some iterations: the iterations are not every k from 0
   expect: kernel:t unchanged [loop-not-modelled]
   expect: kernel:v unchanged [loop-not-modelled] -- `k++` as last statement, and a second write of k
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 12
static void kernel(const int *in, int *out) {
  int t[N], v[N];
  for (int i = 0; i < N; i++) t[i] = in[i] + 7;
  int k = 0;
  do {
    out[k] = t[k] * 2 + t[N - 1 - k];
    t[N - 1 - k] = out[k];
    if (in[k] % 3 == 0) k++;
  } while (++k < N);
  for (int i = 0; i < N; i++) v[i] = in[i] - 1;
  int j = 0;
  do {
    out[j] += v[j] + v[N - 1 - j];
    v[N - 1 - j] = out[j];
    j += in[j] & 1;
    j++;
  } while (j < N);
}
int main(void) {
  int in[N], out[N] = {0};
  for (int i = 0; i < N; i++) in[i] = (i * 7) % 5;
  kernel(in, out);
  for (int i = 0; i < N; i++) printf("%d ", out[i]);
  printf("\n");
  return 0;
}
