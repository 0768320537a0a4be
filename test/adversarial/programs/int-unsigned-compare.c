/* trap: `0u < -1` is true in C (-1 becomes UINT_MAX); the reads of t under it do happen
   expect: main:t unchanged */
#include <stdio.h>
int main(void) {
  int t[32];
  long s = 0;
  for (int i = 0; i < 32; i++) t[i] = i * 7 + 1;
  for (int i = 0; i < 32; i++)
    if (0u < -1) s += t[i] * i;
  printf("%ld\n", s);
  return 0;
}
