/* trap: an asm with a "memory" clobber stores t[i + 1] through the address of its "m"(t[i]) operand
   expect: main:t unchanged */
#include <stdio.h>
#define N 40
int main(void) {
  double t[N + 1], s = 0;
  for (int i = 0; i < N; i++) {
    __asm__ volatile("leaq %0, %%rax\n\tmovsd %1, 8(%%rax)"
                     :
                     : "m"(t[i]), "x"(i * 2.0 + 1)
                     : "rax", "memory");
    if (i >= 1)
      s = s * 0.5 + t[i];
  }
  printf("%f\n", s);
  return 0;
}
