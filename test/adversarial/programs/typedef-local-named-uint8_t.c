/* trap: a local named uint8_t: (uint8_t) + i adds it, no cast (review 2026-11-26)
   expect: main:t contracted 12 */
#include <stdio.h>
int main(void) {
  int uint8_t = -1;
  double t[20], s = 0;
  for (int i = 0; i < 12; i++) {
    t[i] = i * 2.0 + 1;
    if (i >= 2)
      s = s * 3 + t[(uint8_t) + i - 1];
  }
  printf("%f\n", s);
  return 0;
}
