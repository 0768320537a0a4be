/* trap: a condition that steps the counter besides the body's last statement, `(k -= 2) > 0` with `k++` last: the counter goes down by one per iteration, yet the loop was read with the body's step alone (up from the start) and t was folded to 2 cells (a while and a for loop were miscompiled so; the do-while's condition has a side effect other than a `++`/`--`)
   expect: kernel:t unchanged [loop-not-modelled]
   expect: kernel:u unchanged [loop-not-modelled]
   expect: kernel:v unchanged [statement-not-modelled]
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 12
static void kernel(const int *in, int *out) {
  int t[N], u[N], v[N];
  for (int i = 0; i < N; i++) t[i] = u[i] = v[i] = in[i] + 1;
  int k = N - 1;
  while ((k -= 2) > 0) {
    out[k] += t[k] + t[k - 1];
    t[k - 1] = out[k] % 1000;
    k++;
  }
  for (int j = N - 1; (j -= 2) > 0; j++) {
    out[j] += u[j] + u[j - 1];
    u[j - 1] = out[j] % 1000;
  }
  int m = N - 1;
  do {
    out[m] += v[m] + v[m - 1];
    v[m - 1] = out[m] % 1000;
    m++;
  } while ((m -= 2) > 0);
  out[0] += 1;
}
int main(void) {
  int in[N], out[N] = {0};
  for (int i = 0; i < N; i++) in[i] = i * 3;
  kernel(in, out);
  for (int i = 0; i < N; i++) printf("%d ", out[i]);
  printf("\n");
  return 0;
}
