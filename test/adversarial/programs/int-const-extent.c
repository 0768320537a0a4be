/* trap: the extent `(0u < -1) ? 8 : 4` is 8 in C; folded without the usual arithmetic conversions it is 4
   expect: main:t contracted 48 */
#include <stdio.h>
int main(void) {
  int t[(0u < -1) ? 8 : 4][8];
  long s = 0;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++) {
      t[i][j] = i * j;
      s += t[i][j];
    }
  for (int i = 0; i < 8; i++) s += t[i][7 - i];
  printf("%ld\n", s);
  return 0;
}
