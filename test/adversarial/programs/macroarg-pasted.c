/* trap: `ADDP(t[i], 1)` with a body that pastes (`b##0`): a pasted argument is not expanded
   and its tokens are not copied as written, so the call is no plain substitution; the array
   must stay unchanged, not edited
   expect: main:t unchanged [not-editable] */
#include <stdio.h>
#define ADDP(a, b) ((a) += b##0)
int main(void) {
  int t[16];
  int s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = i;
    ADDP(t[i], 1);
    s += t[i];
  }
  printf("%d\n", s);
  return 0;
}
