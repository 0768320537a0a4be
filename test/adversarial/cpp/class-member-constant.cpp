/* trap: S::g() is a member of S, whose static N = 32 hides ::N = 4 in its body: t was folded to 4
   cells for a lag of N - 1 == 3 while S::g() reads 31 cells back; a name that is a class's member
   and a namespace-scope constant is no constant
   expect: S::g:t unchanged [no-saving] */
#include <cstdio>
const int N = 4;
struct S {
  static const int N = 32;
  static long g(int base);
};
long S::g(int base) {
  long t[32];
  long s = 0;
  for (int i = 0; i < 32; i++) {
    t[i] = base + i * i;
    if (i >= N - 1) s += t[i - (N - 1)] * (i % 5);
  }
  return s;
}
int main() {
  std::printf("%ld %d\n", S::g(3), N);
  return 0;
}
