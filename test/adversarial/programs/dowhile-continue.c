/* trap: `continue` in a do-while jumps to its condition: with the step in the condition (`++k < N`) the counter still steps, with the step last in the body (`j++`) the body runs again for the same j; either way the rest of the body is skipped
   expect: kernel:t unchanged [statement-not-modelled]
   expect: kernel:v unchanged [statement-not-modelled]
   expect: kernel:w scalarized -- not in the loops with continue
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 10
static void kernel(const int *in, int *out) {
  int t[N], v[N], w[N];
  for (int i = 0; i < N; i++) t[i] = in[i] * 5;
  int k = 0;
  do {
    out[k] = t[k];
    if (in[k] % 2 == 0) continue;
    t[k + 1 < N ? k + 1 : k] = -1;
  } while (++k < N);
  for (int i = 0; i < N; i++) v[i] = in[i] + 4;
  int j = 0, skipped = 0;
  do {
    if (in[j] % 3 == 0 && !skipped) {
      skipped = 1;
      v[j] += 100;
      continue;
    }
    skipped = 0;
    out[j] += v[j];
    j++;
  } while (j < N);
  for (int i = 0; i < N; i++) {
    w[i] = out[i] + i;
    out[i] = w[i] * 2;
  }
}
int main(void) {
  int in[N], out[N] = {0};
  for (int i = 0; i < N; i++) in[i] = i * 3 + 1;
  kernel(in, out);
  for (int i = 0; i < N; i++) printf("%d ", out[i]);
  printf("\n");
  return 0;
}
