/* trap: one template text, two instantiations: win<32> holds three values at a time (t[i % 3]) while win<4> keeps t[0] until its end and needs all 4 cells; the shared text rewritten for win<32> made win<4>'s t[3] overwrite its t[0]
   expect: win<4>:t unchanged [no-saving]
   expect: win<32>:t unchanged [template-instances-disagree]   -- the two instantiations need different rewrites
   expect: main:a unchanged
   expect: main:b unchanged */
#include <cstdio>
template <int M>
static void win(long (&out)[M], int base) {
  long t[M];
  for (int i = 0; i < M; i++) {
    t[i] = base + i * i;
    out[i] = M > 8 ? t[i] + (i >= 2 ? t[i - 2] : 0) : t[i] + t[0];
  }
}
int main() {
  long a[4], b[32];
  win(a, 1);
  win(b, 5);
  long s = 0;
  for (int i = 0; i < 4; i++) s += a[i] * (i + 1);
  for (int i = 0; i < 32; i++) s += b[i] * (i + 1);
  std::printf("%ld\n", s);
  return 0;
}
