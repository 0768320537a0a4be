/* trap: a struct member declared `__typeof(t) a;` has t's declared extent; the loop fills all of it
   expect: main:t unchanged */
#include <stdio.h>
#define N 24
int main(void) {
  double t[N];
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i + 0.5;
    s += t[i];
  }
  struct { __typeof(t) a; int n; } w;
  w.n = N;
  for (int i = 0; i < N; i++) w.a[i] = i;
  for (int i = 0; i < w.n; i++) s += w.a[i] * i;
  printf("%.1f %d\n", s, (int)(sizeof w.a / sizeof w.a[0]));
  return 0;
}
