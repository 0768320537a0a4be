/* trap: an inline-assembly output operand writes the loop counter (review 2026-11-26: not seen)
   expect: f:t unchanged */
#include <stdio.h>
static double f(void) {
  double t[40], s = 0;
  int i, once = 0;
  for (i = 0; i < 30; i++) {
    t[i] = i * 2.0 + 1;
    if (i >= 2)
      s = s * 3 + t[i - 1];
    if (i == 10 && !once) {
      once = 1;
      __asm__("movl $2, %0" : "=r"(i));
    }
  }
  return s;
}
int main(void) {
  printf("%f\n", f());
  return 0;
}
