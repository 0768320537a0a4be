/* trap: a typedef T in one block of the body and a file-scope function T: elsewhere (T)(1) is a call (review 2026-11-26: read as a cast, the call that changes the global counter vanished)
   expect: f:t unchanged */
#include <stdio.h>
int gi;
static int T(int x) { static int once; if (!once) { once = 1; gi = x; } return 0; }
static double f(void) {
  double t[20], s = 0;
  { typedef int T; T z = 0; s += z; }
  t[0] = 1;
  for (gi = 1; gi < 12; gi++) {
    t[gi] = gi * 2.0 + 1;
    s = s * 3 + t[gi - 1];
    if (gi == 5)
      (T)(1);
  }
  return s;
}
int main(void) {
  printf("%f\n", f());
  return 0;
}
