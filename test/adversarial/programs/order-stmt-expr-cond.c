/* trap: an `if` condition that is a statement expression writes t[i] before it reads t[i - 1]
   expect: main:t unchanged */
#include <stdio.h>
#define N 32
int main(void) {
  int t[N];
  long s = 0;
  t[0] = 0;
  for (int i = 1; i < N; i++)
    if (({ t[i] = i % 5; t[i - 1] > 2; })) s += i;
  printf("%ld\n", s);
  return 0;
}
