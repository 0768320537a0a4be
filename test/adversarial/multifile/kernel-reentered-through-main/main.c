/* trap: kern()'s static scratch t, with again() of another file called while t[2] is live;
   again() calls main(), which calls kern() again: t was scalarized (kern() is static and
   "no program calls main() again") and the outer sum read the inner call's last value
   (printed 339 for 289) (adversary 2026-11-29b)
   expect: kern:t unchanged [recursive]
   expect: kern:argv unchanged
*/
#include <stdio.h>
#define N 8
void again(int depth, char **argv);
static int kern(int depth, char **argv) {
  static int t[N];
  int s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 10 + depth;
    if (depth == 1 && i == 2) again(depth + 1, argv);
    s += t[i];
  }
  return s;
}
int main(int argc, char **argv) {
  printf("%d: %d\n", argc, kern(argc, argv));
  return 0;
}
