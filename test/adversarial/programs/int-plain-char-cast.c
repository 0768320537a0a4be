/* trap: `(unsigned char)c - (signed char)c` of a plain char parameter is 256 for c = (char)200 (signed or unsigned char); plain char taken as holding 0..127 made it 0 (a window of one cell)
   expect: kernel:t unchanged */
#include <stdio.h>
static long kernel(char c) {
  long t[1000];
  long s = 0;
  for (int i = 0; i < 1000; i++) {
    t[i] = i * 3 + 1;
    if (i >= 256) s = s * 3 + t[i - ((unsigned char)c - (signed char)c)];
  }
  return s;
}
int main(void) {
  char c = 200;
  printf("%ld\n", kernel(c));
  return 0;
}
