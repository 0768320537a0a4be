/* trap: `AT(t, i) = i` with `#define AT(a, i) a[i]`: the access spans two arguments and the
   brackets are the body's; the array must stay unchanged, not edited
   expect: main:t unchanged [not-editable] */
#include <stdio.h>
#define AT(a, i) a[i]
int main(void) {
  int t[16];
  int s = 0;
  for (int i = 0; i < 16; i++) {
    AT(t, i) = i;
    s += t[i];
  }
  printf("%d\n", s);
  return 0;
}
