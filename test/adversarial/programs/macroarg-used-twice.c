/* trap: `SQ(t[i])` with `#define SQ(a) ((a) * (a))`: the argument is copied twice, so its
   access runs twice from one text of the file; one edit of `t[i]` changes both copies alike
   (the rewritten index is made from that text), and both must read the one scalar t is
   folded to (until 2026-11-29 both copies were left unspelled and t unchanged, not-editable)
   expect: main:t scalarized */
#include <stdio.h>
#define SQ(a) ((a) * (a))
int main(void) {
  int t[16];
  int s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = i;
    s += SQ(t[i]);
  }
  printf("%d\n", s);
  return 0;
}
