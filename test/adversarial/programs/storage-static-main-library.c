/* trap: none: main()'s static scratch t is live across calls of the C library that are not
   the program's (atoi, rand, strtol; exit after): the library never calls main() by name,
   so t is scalarized. Since main() may be entered again by the program's own code of
   another file (adversary 2026-11-29b), a call of a function the unit does not define
   refuses it unless it is a function of the C library
   expect: main:t scalarized
   expect: main:argv unchanged */
#include <stdio.h>
#include <stdlib.h>
#define N 8
int main(int argc, char **argv) {
  static int t[N];
  int s = 0;
  srand(7);
  for (int i = 0; i < N; i++) {
    t[i] = i * 10 + argc;
    s += atoi("3") + (int)strtol("5", NULL, 10) + (rand() >= 0);
    s += t[i];
  }
  printf("%d: %d\n", argc, s);
  if (argv[0] == NULL) exit(1);
  return 0;
}
