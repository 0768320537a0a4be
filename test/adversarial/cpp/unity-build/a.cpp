/* trap: b.cpp includes this file (a unity build) and calls win<4>, which this file's own uses never
   make: its text was rewritten for win<32> alone (t[i % 3]), and win<4> read t[3] of a 3-cell t;
   a template of a file another file includes keeps its arrays
   expect: first:b unchanged
   expect: win<32>:out unchanged
   expect: win<32>:t unchanged [template-instantiation-unknown] */
#include <cstdio>
template <int M>
void win(long *out, int base) {
  long t[M];
  for (int i = 0; i < M; i++) {
    t[i] = base + i * i;
    out[i] = M > 8 ? t[i] + (i >= 2 ? t[i - 2] : 0) : t[i] + t[0];
  }
}
long first(void) {
  long b[32];
  win<32>(b, 5);
  long s = 0;
  for (int i = 0; i < 32; i++) s += b[i] * (i + 1);
  return s;
}
