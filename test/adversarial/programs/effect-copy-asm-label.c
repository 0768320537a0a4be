/* trap: an asm statement that defines a label: the copy of the body kept for other values of N defined it twice
   expect: f:t unchanged [body-not-copyable] -- contracted only for N == 30, and the body (asm) cannot be kept for other values */
#include <stdio.h>
static const int N = 30;
static double f(void) {
  double t[64], s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 2.0 + 1;
    if (i >= 2)
      s = s * 0.5 + t[i - 2];
  }
  __asm__("beeclak_test_label: nop" ::: "cc");
  return s;
}
int main(void) {
  printf("%f\n", f());
  return 0;
}
