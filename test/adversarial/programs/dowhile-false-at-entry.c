/* trap: a do-while whose condition is false at entry (`++k < N - 2` with k = N - 1): its body still runs once and reads t; read as the `for` loop it resembles, the loop never runs, no read of t is seen and t is folded to nothing
   expect: kernel:t unchanged [loop-not-modelled]
   expect: kernel:u scalarized -- `do { ... } while (0)` is its body, once
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 8
static void kernel(const int *in, int *out) {
  int t[N], u[N];
  for (int i = 0; i < N; i++) t[i] = in[i] * 3 + 1;
  int k = N - 1;
  do {
    out[k] = t[k] + t[k - 3];
  } while (++k < N - 2);
  for (int i = 0; i < N; i++) {
    do {
      u[i] = in[i] - 2;
    } while (0);
    out[i] += u[i];
  }
}
int main(void) {
  int in[N], out[N] = {0};
  for (int i = 0; i < N; i++) in[i] = i * i - 5;
  kernel(in, out);
  for (int i = 0; i < N; i++) printf("%d ", out[i]);
  printf("\n");
  return 0;
}
