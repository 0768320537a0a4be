/* trap: after `typeof(t) u;` the size `sizeof u` is that of t's declared type and changes when t shrinks
   expect: main:t unchanged */
#include <stdio.h>
#define N 50
int main(void) {
  int t[N];
  long s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 3;
    s += t[i];
  }
  typeof(t) u;
  printf("%ld %zu\n", s, sizeof u);
  return 0;
}
