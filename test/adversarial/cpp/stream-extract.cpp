/* trap: s >> t[i] writes t[i] (operator>> of a stream takes a reference): read as C's shift, t was never written and was scalarized
   expect: main:t unchanged   -- an element read from a stream with >>
   expect: main:u contracted 2 */
#include <cstdio>
#include <sstream>
#define N 12
int main() {
  std::istringstream s("5 8 13 21 34 55 89 144 233 377 610 987");
  int t[N], u[N];
  long sum = 0;
  for (int i = 0; i < N; i++) s >> t[i];
  for (int i = 0; i < N; i++) {
    u[i] = t[N - 1 - i] - i;
    if (i > 0) sum += u[i - 1] * t[i];
  }
  std::printf("%ld\n", sum);
  return 0;
}
