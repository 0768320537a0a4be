/* trap: canonical do-while loops that equal their for loop (the condition holds for the first value): a window carried across iterations must keep its two live cells
   expect: kernel:a scalarized -- `while (--k)` from N: a[k] is read before a[k - 1] is written
   expect: kernel:b contracted 2 -- `while (++j < N - 1)`
   expect: kernel:c scalarized -- an unsigned counter stepped last in the body
   expect: kernel:d scalarized -- a macro's `do { ... } while (0)` on scalars in its loop
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 16
#define SWAP(x, y) do { long s_ = (x); (x) = (y); (y) = s_; } while (0)
static void kernel(const long *in, long *out) {
  long a[N + 1], b[N], c[N + 1], d[N];
  a[N] = 1;
  int k = N;
  do {
    a[k - 1] = a[k] * 3 + in[k - 1];
    out[k - 1] = a[k - 1] % 1000;
  } while (--k);
  b[0] = in[0];
  int j = 0;
  do {
    b[j + 1 < N ? j + 1 : j] = b[j] + in[j] * 2;
    out[j] += b[j];
  } while (++j < N - 1);
  c[0] = 5;
  unsigned i = 0;
  do {
    c[i + 1] = c[i] ^ in[i];
    out[i] += c[i + 1];
    i++;
  } while (i < N);
  long p = 1, q = 2;
  for (int m = 0; m < N; m++) {
    d[m] = in[m] * in[m] + p;
    SWAP(p, q);
    out[m] += d[m] - q;
  }
}
int main(void) {
  long in[N], out[N] = {0};
  for (int i = 0; i < N; i++) in[i] = i * 11 - 40;
  kernel(in, out);
  for (int i = 0; i < N; i++) printf("%ld ", out[i]);
  printf("\n");
  return 0;
}
