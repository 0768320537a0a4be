/* trap: a signed char counter from 120 wraps to -128 (gcc); `c != -120` ends it after 16 steps, not never
   expect: main:t unchanged */
#include <stdio.h>
int main(void) {
  int t[256];
  long s = 0;
  for (int i = 0; i < 256; i++) {
    t[i] = i * 5 + 2;
    s += t[i];
  }
  for (signed char c = 120; c != -120; c++) s += t[c + 128] * c;
  printf("%ld\n", s);
  return 0;
}
