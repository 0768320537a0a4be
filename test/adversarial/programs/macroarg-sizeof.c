/* trap: `SZ(t[i])` with `#define SZ(a) sizeof(a)`: the argument stands under sizeof in the
   body, not evaluated; a call whose body has an unevaluated operand is not taken as plain
   substitution, so the array stays unchanged, not edited
   expect: main:t unchanged [not-editable] */
#include <stdio.h>
#define SZ(a) sizeof(a)
int main(void) {
  int t[16];
  int s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = i;
    s += (int)SZ(t[i]);
    s += t[i];
  }
  printf("%d\n", s);
  return 0;
}
