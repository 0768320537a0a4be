/* trap: the step of a do-while condition on the right of `||`: while c > 0 the loop goes on without `++k`, and the body runs again for the same k; read as one run per k, t[k] looked dead after its write and t was scalarized (the second run read t[k + 1]'s value)
   expect: kernel:t unchanged [statement-not-modelled]
   expect: kernel:u scalarized -- the step on the right of the top `&&`: when it is skipped the loop ends
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 10
static void kernel(const int *in, int *out) {
  int t[N + 1], u[N + 1];
  t[0] = 1;
  int k = 0, c = 3;
  do {
    out[k] += t[k];
    t[k] = in[k] * 2;
    t[k + 1] = in[k] + 5;
    c--;
  } while (c > 0 || ++k < N);
  u[0] = 2;
  int j = 0;
  do {
    out[j] += u[j];
    u[j + 1] = in[j] - 1;
  } while (N > 3 && ++j < N);
}
int main(void) {
  int in[N + 1], out[N] = {0};
  for (int i = 0; i <= N; i++) in[i] = i * 3 + 1;
  kernel(in, out);
  for (int i = 0; i < N; i++) printf("%d ", out[i]);
  printf("\n");
  return 0;
}
