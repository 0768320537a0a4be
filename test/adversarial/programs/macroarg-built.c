/* trap: `T(i) = i` with `#define T(i) t[i]`: the macro builds the access, the file spells
   only its subscript; the array must stay unchanged, not edited
   expect: main:t unchanged [not-editable] */
#include <stdio.h>
#define T(i) t[i]
int main(void) {
  int t[16];
  int s = 0;
  for (int i = 0; i < 16; i++) {
    T(i) = i;
    s += t[i];
  }
  printf("%d\n", s);
  return 0;
}
