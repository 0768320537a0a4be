/* trap: `SHOW(t[i])` with a body that stringifies its argument (`#a`): a rewritten argument
   would print other text ("t[(i) % 2]"), the argument is not only an expression; the array
   must stay unchanged, not edited
   expect: main:t unchanged [not-editable] */
#include <stdio.h>
#define SHOW(a) printf("%s = %d\n", #a, (a))
int main(void) {
  int t[16];
  for (int i = 0; i < 16; i++) {
    t[i] = i;
    SHOW(t[i]);
  }
  return 0;
}
