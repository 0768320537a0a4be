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
   expect: bias:t unchanged [passed-to-call]       -- bias(t, k): k is no literal
   expect: addn:t unchanged [read-after-call]
   expect: scale:t unchanged [value-flows-in]      -- addn(t, 8) followed: its loop bound is 8
   expect: zero:t unchanged [read-after-call]
   expect: plus:t unchanged [read-after-call]
   expect: nest:t unchanged [no-saving]           -- followed into plus and, through it, zero
   expect: nest:out unchanged [read-after-call]
   expect: main:nt unchanged
   expect: main:no unchanged
   expect: main:sc unchanged
   expect: main:sb unchanged
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
static void addn(int t[M], int n) {
  for (int i = 0; i < n; i++) t[i] = t[i] + i;
}
static void scale(int t[M]) {
  addn(t, 8);
  for (int i = 0; i < M; i++) t[i] *= 2;
}
static void bias(int t[M], int k) {
  addn(t, k);
}
static void zero(int t[M]) {
  for (int i = 0; i < M; i++) t[i] = 0;
}
static void plus(int t[M]) {
  zero(t);
  for (int i = 0; i < M; i++) t[i] += i;
}
static void nest(int t[M], int out[M]) {
  plus(t);
  for (int i = 0; i < M; i++) out[i] = t[M - 1 - i];
}
int main(void) {
  int buf[N], acc[M], res[N], sc[M], sb[M];
  for (int i = 0; i < M; i++) sc[i] = sb[i] = i;
  scan(buf, acc, res);
  scale(sc);
  bias(sb, 3);
  int nt[M], no[M];
  nest(nt, no);
  printf("%d %d %d %d\n", res[0], res[1], sb[12], no[2]);
  return 0;
}
