/* trap: the counter is changed through a pointer parameter of a helper that receives its address
   expect: main:t unchanged [loop-not-modelled]
   expect: main:alias unchanged */
#include <stdio.h>
#define N 36
static void rewind5(int *c) {
  static int done;
  if (*c == 12 && !done) {
    done = 1;
    *c -= 5;
  }
}
int main(void) {
  double t[N];
  double s = 0;
  int i;
  int *alias[1] = {&i};
  for (i = 0; i < N; i++) {
    t[i] = i + 0.25;
    if (i > 0) s += t[i - 1] * i;
    rewind5(alias[0]);
  }
  printf("%.2f\n", s);
  return 0;
}
