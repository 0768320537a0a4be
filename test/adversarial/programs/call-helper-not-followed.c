/* trap: none: kernel parameters passed to helpers that cannot be followed (weak, another shape, passed twice) keep passed-to-call; one followed into a helper whose index may leave its extent (MachSuite radix's hist writes bucket[2048]) is refused for that
   expect: work:t unchanged [not-static]
   expect: weakk:t unchanged [passed-to-call]     -- work() is weak: another definition may be linked
   expect: weakk:out unchanged [read-after-call]
   expect: shaped:t unchanged [passed-to-call]    -- half() takes int[N / 2]
   expect: shaped:out unchanged [read-after-call]
   expect: half:h unchanged [read-after-call]
   expect: twice:t unchanged [passed-to-call]     -- pair(t, t): two names for one array
   expect: twice:out unchanged [read-after-call]
   expect: pair:x unchanged [passed-twice]
   expect: pair:y unchanged [passed-twice]
   expect: bins:t unchanged [extents-unproved]    -- bump() may write t[N], one past its extent
   expect: bins:in unchanged [value-flows-in]
   expect: bins:out unchanged [read-after-call]
   expect: clear:t unchanged [read-after-call]
   expect: bump:t unchanged [read-after-call]
   expect: bump:in unchanged [value-flows-in]
   expect: main:b1 unchanged
   expect: main:b2 unchanged
   expect: main:b3 unchanged
   expect: main:b4 unchanged
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:b5 unchanged
   expect: ping:t unchanged [passed-to-call]      -- ping and pong call each other: never followed
   expect: pong:t unchanged [passed-to-call] */
#include <stdio.h>
#define N 8
__attribute__((weak)) void work(int t[N]) {
  for (int i = 0; i < N; i++) t[i] = i;
}
static void weakk(int t[N], int out[1]) {
  work(t);
  out[0] = t[3];
}
static void half(int h[N / 2]) {
  for (int i = 0; i < N / 2; i++) h[i] = 2 * i;
}
static void shaped(int t[N], int out[1]) {
  half(t);
  out[0] += t[1];
}
static void pair(int x[N], int y[N]) {
  for (int i = 0; i < N; i++) x[i] = i;
  for (int i = 1; i < N; i++) y[i] = y[i - 1] + 1;
}
static void twice(int t[N], int out[1]) {
  pair(t, t);
  out[0] += t[N - 1];
}
static void clear(int t[N]) {
  for (int i = 0; i < N; i++) t[i] = 0;
}
static void bump(int t[N], const int in[N]) {
  for (int i = 0; i < N; i++) t[(in[i] & 1) * (N - 1) + 1]++;
}
static void bins(int t[N], const int in[N], int out[1]) {
  clear(t);
  bump(t, in);
  out[0] += t[1];
}
static void pong(int t[N], int d);
static void ping(int t[N], int d) {
  t[0] = d;
  if (d > 0) pong(t, d - 1);
}
static void pong(int t[N], int d) {
  t[1] = d;
  if (d > 0) ping(t, d - 1);
}
int main(void) {
  int b1[N], b2[N], b3[N], b4[N + 1], in[N], out[1] = {0};
  for (int i = 0; i < N; i++) in[i] = 2 * i;
  weakk(b1, out);
  shaped(b2, out);
  twice(b3, out);
  bins(b4, in, out);
  int b5[N];
  ping(b5, 3);
  out[0] += b5[0] + b5[1];
  printf("%d\n", out[0]);
  return 0;
}
