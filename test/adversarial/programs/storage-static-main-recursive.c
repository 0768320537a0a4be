/* trap: none: main()'s static scratch t is live across again(), defined in this file, which
   calls main() again (C allows it): the inner run overwrites every cell, so t must stay
   (recursive). Guards the re-entry of main() the file shows, beside the other files' calls
   of main() (multifile/main-reentered-other-file)
   expect: main:t unchanged [recursive]
   expect: main:argv unchanged */
#include <stdio.h>
#define N 8
int main(int argc, char **argv);
static void again(int depth, char **argv) { main(depth, argv); }
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
