/* trap: the counter's address is taken before the loop; `*p -= 5` inside the body sends it back
   expect: main:t unchanged */
#include <stdio.h>
#define N 40
int main(void) {
  double t[N];
  double s = 0;
  int i, done = 0;
  int *p = &i;
  for (i = 0; i < N; i++) {
    t[i] = i * 1.5;
    if (i > 0) s += t[i - 1] * i;
    if (i == 10 && !done) {
      done = 1;
      *p -= 5;
    }
  }
  printf("%.1f\n", s);
  return 0;
}
