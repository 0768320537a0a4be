/* trap: `SQ(t[i])` with `#define SQ(a) ((a) * (a))`: the argument is copied twice, so its
   access runs twice and no one place of the file spells either copy; the array must stay
   unchanged, not edited
   expect: main:t unchanged [not-editable] */
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
