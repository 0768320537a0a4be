/* trap: an unsigned short counter `k != 2` from 65533 wraps through 65535 to 0, 1: five iterations, not none
   expect: main:t unchanged */
#include <stdio.h>
int main(void) {
  int t[16];
  long s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = i + 100;
    s += t[i];
  }
  for (unsigned short k = 65533; k != 2; k++) s += t[k % 16] * k;
  printf("%ld\n", s);
  return 0;
}
