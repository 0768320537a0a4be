/* trap: an asm operand "+m"(t[i]) reads and writes t[i] (it was taken for a read, t seemed never written and was scalarized)
   expect: main:t contracted 3 */
#include <stdio.h>
#define N 40
int main(void) {
  double t[N], s = 0;
  for (int i = 0; i < N; i++) {
    __asm__("movsd %1, %0" : "+m"(t[i]) : "x"(i * 2.0 + 1));
    if (i >= 2)
      s = s * 0.5 + t[i - 2];
  }
  printf("%f\n", s);
  return 0;
}
