/* trap: main()'s static scratch t, with again() of another file called while t[2] is live;
   again() calls main() again (C allows it), whose loop writes every cell: t was scalarized
   as "main() is not entered again" and the outer sum read the inner call's last value
   (printed 339 for 289) (adversary 2026-11-29b)
   expect: main:t unchanged [not-scratch]
   expect: main:argv unchanged
*/
#include <stdio.h>
#define N 8
void again(int depth, char **argv);
int main(int argc, char **argv) {
  static int t[N];
  int s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 10 + argc;
    if (argc == 1 && i == 2) again(argc + 1, argv);
    s += t[i];
  }
  printf("%d: %d\n", argc, s);
  return 0;
}
