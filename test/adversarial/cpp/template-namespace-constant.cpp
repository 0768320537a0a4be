/* trap: X::g() calls win<N> inside namespace X, whose own N = 4 hides ::N = 32: the argument was
   read as ::N, win<4> was never analysed and the text was rewritten for win<32> alone (win<4>
   reads t[3] of a 3-cell t)
   expect: main:a unchanged
   expect: main:b unchanged
   expect: win:out unchanged [template-instantiation-unknown]
   expect: win:t unchanged [template-instantiation-unknown] */
#include <cstdio>
const int N = 32;
template <int M>
static void win(long *out, int base) {
  long t[M];
  for (int i = 0; i < M; i++) {
    t[i] = base + i * i;
    out[i] = M > 8 ? t[i] + (i >= 2 ? t[i - 2] : 0) : t[i] + t[0];
  }
}
namespace X {
const int N = 4;
static void g(long *a) { win<N>(a, 1); }
}
int main() {
  long a[32], b[32];
  win<N>(b, 5);
  X::g(a);
  long s = 0;
  for (int i = 0; i < 4; i++) s += a[i] * (i + 1);
  for (int i = 0; i < 32; i++) s += b[i] * (i + 1);
  std::printf("%ld\n", s);
  return 0;
}
