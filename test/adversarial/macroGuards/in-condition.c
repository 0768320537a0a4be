/* GAIN decides which cell is read: `if (GAIN > 1) ... t[i - 2] else t[i - 1]`. */
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
      if (GAIN > 1)
        s += t[i - 2];
      else
        s += t[i - 1];
    }
  }
  printf("%ld\n", s);
  return 0;
}
