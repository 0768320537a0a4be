/* trap: the asm text stores its output "=m"(t[i]) before it loads its input "m"(t[i - 1]): sharing one cell changes what it loads
   expect: main:t unchanged */
#include <stdio.h>
#define N 40
int main(void) {
  double t[N], s = 0, r;
  t[0] = 1;
  for (int i = 1; i < N; i++) {
    __asm__("movsd %2, %0\n\tmovsd %3, %%xmm7\n\tmovsd %%xmm7, %1"
            : "=m"(t[i]), "=m"(r)
            : "x"(i * 2.0 + 1), "m"(t[i - 1])
            : "xmm7");
    s = s * 0.5 + r;
  }
  printf("%f\n", s);
  return 0;
}
