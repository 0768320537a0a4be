/* trap: `__typeof__(t) u;` declares u with t's declared type; contracting t shrinks u too
   expect: main:t unchanged */
#include <stdio.h>
#define N 32
int main(void) {
  double t[N];
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 0.5;
    s += t[i];
  }
  __typeof__(t) u;
  for (int i = 0; i < N; i++) u[i] = i;
  for (int i = 0; i < N; i++) s += u[N - 1 - i] * i;
  printf("%.1f\n", s);
  return 0;
}
