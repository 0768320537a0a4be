/* trap: `FIRST(i, t[i])` with `#define FIRST(a, b) (a)`: the body drops its second argument,
   so t[i] there is never evaluated and the compiler never sees it; the model has no such
   access and the text stays as written (the dropped argument still spells t[i] after t is
   scalarized: harmless, the build discards it). Another definition of FIRST could use it:
   the report says the result holds for this one (BC1502). The output must stay 240
   expect: main:t scalarized */
#include <stdio.h>
#define FIRST(a, b) (a)
int main(void) {
  int t[16];
  int s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = i;
    s += FIRST(i, t[i]);
    s += t[i];
  }
  printf("%d\n", s);
  return 0;
}
