/* trap: `for (unsigned char c = 250; c != 4; c++)` wraps past 255 and runs 10 times, not never
   expect: main:t unchanged */
#include <stdio.h>
int main(void) {
  int t[256];
  long s = 0;
  for (int i = 0; i < 256; i++) {
    t[i] = i * i;
    s += t[i];
  }
  for (unsigned char c = 250; c != 4; c++) s += t[c] * c;
  printf("%ld\n", s);
  return 0;
}
