/* trap: `ID(t[i)]` with `#define ID(a) a`: the name and `[` are in the argument, the `]`
   after the call; the text between the brackets would hold the call's `)`, so the access
   must not be taken as spelled in the argument; the array must stay unchanged, not edited
   expect: main:t unchanged [not-editable] */
#include <stdio.h>
#define ID(a) a
int main(void) {
  int t[16];
  int s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = i;
    s += ID(t[i)];
  }
  printf("%d\n", s);
  return 0;
}
