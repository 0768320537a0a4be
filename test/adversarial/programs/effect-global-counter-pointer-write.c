/* trap: a global loop counter written through a pointer set at file scope (int *gp = &gi), no call in the loop (review 2026-11-26: the write was not seen)
   expect: f:t unchanged */
#include <stdio.h>
int gi;
int *gp = &gi;
static double f(void) {
  double t[20], s = 0;
  int once = 0;
  t[0] = 1;
  for (gi = 1; gi < 12; gi++) {
    t[gi] = gi * 2.0 + 1;
    s = s * 3 + t[gi - 1];
    if (gi == 5 && !once) {
      once = 1;
      *gp = 1;
    }
  }
  return s;
}
int main(void) {
  printf("%f\n", f());
  return 0;
}
