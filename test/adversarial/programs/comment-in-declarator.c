/* trap: block comments between the declared name and its bracket, and after the size, stopped contract with an internal error
   expect: main:t unchanged */
#include <stdio.h>
#define N 40
int main(void) {
  double t /* temp */ [N /* size */], s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 2.0 + 1;
    if (i >= 2)
      s = s * 0.5 + t[i - 2];
  }
  printf("%f\n", s);
  return 0;
}
