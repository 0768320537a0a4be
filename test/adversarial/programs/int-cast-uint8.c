/* trap: the subscript `t[(uint8_t)i]` wraps at 256; modelling it as `t[i]` separates cells that are one
   expect: main:t unchanged */
#include <stdio.h>
#include <stdint.h>
int main(void) {
  int t[300];
  long s = 0;
  for (int i = 0; i < 300; i++) {
    t[i] = i * 3 + 1;
    s += t[(uint8_t)i] * (i % 7);
  }
  printf("%ld\n", s);
  return 0;
}
