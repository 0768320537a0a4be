/* trap: none: kernel parameters passed whole to static helpers are followed into them (MachSuite radix's ss_sort shape); a mapping found is never applied, since the helpers index the array themselves
   expect: scan:t unchanged [accessed-in-helpers]   -- no value crosses; 2 cells would do, inside seed, chain and last
   expect: scan:acc unchanged [no-saving]           -- fill writes all 16 cells, total reads them all after
   expect: scan:res unchanged [read-after-call]     -- main prints res[0]
   expect: seed:t unchanged [read-after-call]       -- chain reads t[0]
   expect: chain:t unchanged [read-after-call]     -- last reads t[N - 1]
   expect: last:t unchanged [value-flows-in]
   expect: last:out unchanged [read-after-call]
   expect: fill:acc unchanged [read-after-call]
   expect: total:acc unchanged [value-flows-in]
   expect: total:out unchanged [read-after-call]
   expect: main:buf unchanged
   expect: main:acc unchanged
   expect: main:res unchanged */
#include <stdio.h>
#define N 64
#define M 16
static void seed(int t[N]) { t[0] = 1; }
static void chain(int t[N]) {
  for (int i = 1; i < N; i++) t[i] = t[i - 1] * 3 % 1000 + i;
}
static void last(int t[N], int out[N]) { out[0] = t[N - 1]; }
static void fill(int acc[M], int k) {
  for (int i = 0; i < M; i++) acc[i] = i * k;
}
static void total(int acc[M], int out[N]) {
  for (int i = 0; i < M; i++) out[1] += acc[M - 1 - i];
}
static void scan(int t[N], int acc[M], int res[N]) {
  res[1] = 0;
  seed(t);
  chain(t);
  last(t, res);
  for (int r = 0; r < 3; r++) {
    fill(acc, r);
    total(acc, res);
  }
}
int main(void) {
  int buf[N], acc[M], res[N];
  scan(buf, acc, res);
  printf("%d %d\n", res[0], res[1]);
  return 0;
}
