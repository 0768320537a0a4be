/* trap: this file compiles alone too, into a program whose main() reads the buffer after
   fill(); read inside main.c, whose call reads nothing after it, fill's t would be folded in
   place, which the program built from this file alone would not survive
   expect: fill:t unchanged [own-unit-disagrees]
*/
#include <stdio.h>
static double fill(double t[8]) {
  double s = 0;
  for (int i = 0; i < 8; i++) {
    t[i] = i * 1.5;
    s += t[i];
  }
  return s;
}
#ifndef IN_UNITY
int main(void) {
  double buf[8];
  fill(buf);
  printf("%g\n", buf[5]);
  return 0;
}
#endif
