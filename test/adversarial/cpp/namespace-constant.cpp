/* trap: g() is in namespace X, whose N = 32 hides ::N = 4: the unit's constants held ::N only,
   t was folded to 4 cells for a lag of N - 1 == 3 (and guarded on ::N, which passes) while g()
   reads 31 cells back; a name declared in two namespaces is no constant
   expect: g:t unchanged [no-saving] */
#include <cstdio>
const int N = 4;
namespace X {
const int N = 32;
static long g(int base) {
  long t[32];
  long s = 0;
  for (int i = 0; i < 32; i++) {
    t[i] = base + i * i;
    if (i >= N - 1) s += t[i - (N - 1)] * (i % 5);
  }
  return s;
}
}
int main() {
  std::printf("%ld %d\n", X::g(3), N);
  return 0;
}
