/* GAIN in the subscript of a compound assignment's left side, not its value. */
#include <stdio.h>
#ifndef GAIN
#define GAIN 1
#endif
#define N 64
int main(void) {
  int t[N];
  long s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 3 + 1;
    if (i >= 2) {
      t[i - GAIN] += t[i];
      s += t[i - 1];
    }
  }
  printf("%ld\n", s);
  return 0;
}
