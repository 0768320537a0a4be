/* trap: a do-while left by `break` when a running sum passes a threshold: the iterations after it never run, so the values they would read or overwrite stay live
   expect: kernel:t unchanged [statement-not-modelled]
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 16
static void kernel(const int *in, int *out) {
  int t[N];
  for (int i = 0; i < N; i++) t[i] = in[i] + 1;
  int k = 0, s = 0;
  do {
    s += t[k];
    if (s > 40) break;
    t[N - 1 - k] = s;
  } while (++k < N);
  for (int i = 0; i < N; i++) out[i] = t[i] + s;
}
int main(void) {
  int in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = i;
  kernel(in, out);
  for (int i = 0; i < N; i++) printf("%d ", out[i]);
  printf("\n");
  return 0;
}
