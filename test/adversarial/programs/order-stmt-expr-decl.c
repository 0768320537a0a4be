/* trap: a statement expression in an initializer writes t[i] and then reads t[i - 1]
   expect: main:t unchanged */
#include <stdio.h>
#define N 30
int main(void) {
  int t[N];
  long s = 0;
  t[0] = 5;
  for (int i = 1; i < N; i++) {
    int v = ({ t[i] = i * i; t[i - 1] + 1; });
    s += v;
  }
  printf("%ld\n", s);
  return 0;
}
