/* trap: a subscript spells twice a macro whose replacement is not one operand (NEXT - NEXT with
   #define NEXT i + 1 is i + 1 - i + 1, cell 2): read as a sum of names it folds to slot 0
   expect: main:t contracted 4
   expect: main:argv unchanged */
#include <stdio.h>
#define N 8
#define NEXT i + 1
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
