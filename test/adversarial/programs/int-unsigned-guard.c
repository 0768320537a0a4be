/* trap: in `j - 1u > 8` j == 0 gives UINT_MAX > 8 (true), while the integers say -1 > 8 (false)
   expect: main:t unchanged */
#include <stdio.h>
int main(void) {
  int t[16];
  long s = 0;
  for (int j = 0; j < 16; j++) t[j] = j * j + 3;
  for (int j = 0; j < 16; j++)
    if (j - 1u > 8) s += t[j] * (j + 1);
  printf("%ld\n", s);
  return 0;
}
