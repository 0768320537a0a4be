/* trap: one template text, two instantiations that both fold t to 2 cells: the shared text is rewritten once (t[i % 2]) and must be right for both sizes; rewriting it for each instantiation edited the same text twice
   expect: shift<8>:t contracted 2
   expect: shift<40>:t contracted 2
   expect: shift<8>:in unchanged
   expect: shift<40>:in unchanged
   expect: main:a unchanged
   expect: main:b unchanged */
#include <cstdio>
template <int M>
static long shift(const int *in) {
  int t[M];
  long s = 0;
  for (int i = 0; i < M; i++) {
    t[i] = in[i] * 3 + 1;
    if (i > 0) s += t[i - 1] * t[i];
  }
  return s;
}
int main() {
  int a[8], b[40];
  for (int i = 0; i < 40; i++) {
    if (i < 8) a[i] = i - 3;
    b[i] = 40 - i;
  }
  std::printf("%ld %ld\n", shift<8>(a), shift<40>(b));
  return 0;
}
