/* trap: `PTR(t[i])` with `#define PTR(a) (&(a))`: the body takes the argument's address, a
   pointer to the element escapes into p; the array must stay unchanged for that reason
   expect: main:t unchanged [element-address-taken] */
#include <stdio.h>
#define PTR(a) (&(a))
int main(void) {
  int t[16];
  int s = 0;
  for (int i = 0; i < 16; i++) {
    int *p = PTR(t[i]);
    *p = i;
    s += t[i];
  }
  printf("%d\n", s);
  return 0;
}
