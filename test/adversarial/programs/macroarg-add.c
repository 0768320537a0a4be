/* trap: `ADD(t[i], 1)` with `#define ADD(a, b) ((a) += (b))`: the body uses each argument
   once, as an expression, so the access t[i] written in the argument is the one copy the
   compiler sees, and rewriting the argument's text rewrites that copy (t was left unchanged,
   "not edited", before); scalarized, the output must stay 136
   expect: main:t scalarized */
#include <stdio.h>
#define ADD(a, b) ((a) += (b))
int main(void) {
  int t[16];
  int s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = i;
    ADD(t[i], 1);
    s += t[i];
  }
  printf("%d\n", s);
  return 0;
}
