/* trap: an inner block's `enum { k = 10 };` hides the local constant k = 3 for the loop that reads
   t[i - k]: counted as no declaration, k was read as 3 there and t folded to 4 cells
   expect: main:in unchanged [no-saving]
   expect: main:t unchanged [no-saving] */
#include <stdio.h>
int main(void) {
  double in[32], t[32];
  const int k = 3;
  double s = 0;
  for (int i = 0; i < 32; i++) in[i] = i % 5 + i;
  {
    enum { k = 10 };
    for (int i = 0; i < 32; i++) {
      t[i] = in[i] * 2;
      if (i >= k) s += t[i - k] * (i % 7);
    }
  }
  printf("%.1f %d\n", s, k);
  return 0;
}
