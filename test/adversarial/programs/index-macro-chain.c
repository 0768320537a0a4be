/* trap: as index-macro-sum.c, through a macro whose replacement is one name (NEXT) that is itself a macro of
   several tokens (NXT, i + 1): NEXT is no more one operand than NXT is
   expect: main:t contracted 4
   expect: main:argv unchanged */
#include <stdio.h>
#define N 8
#define NEXT NXT
#define NXT i + 1
int main(int argc, char **argv) {
  double t[N];
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 0.5 + argc;
    if (i >= 3) s += t[i - 3];
    if (i >= 2 && i < 4) s += 10 * t[NEXT - NEXT];
  }
  printf("%f\n", s);
  return 0;
}
