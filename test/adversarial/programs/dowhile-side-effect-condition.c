/* trap: do-while conditions with side effects besides the counter's step: a second counter stepped in the condition, a call that changes the bound, an assignment as the step
   expect: kernel:t unchanged [statement-not-modelled]
   expect: kernel:u unchanged [statement-not-modelled]
   expect: kernel:v unchanged [statement-not-modelled]
   expect: kernel:out unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 12
static int lim = N;
static int shrink(void) { return lim -= 2; }
static void kernel(int *out) {
  int t[N], u[N], v[N];
  for (int i = 0; i < N; i++) t[i] = u[i] = v[i] = i * 5 - 3;
  int k = 0, m = 0;
  do {
    out[k] += t[k] + t[N - 1 - k];
    t[N - 1 - k] = out[k];
  } while (++k < N && ++m < N / 2);
  int j = 0;
  do {
    out[j] += u[j] * 3;
    u[N - 1 - j] = out[j];
  } while (++j < shrink());
  int i = 0;
  do {
    out[i] -= v[i];
    v[N - 1 - i] = out[i] + 1;
  } while ((i += 2) < N);
}
int main(void) {
  int out[N] = {0};
  kernel(out);
  for (int i = 0; i < N; i++) printf("%d ", out[i]);
  printf("\n");
  return 0;
}
