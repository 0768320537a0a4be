/* A macro that is a type: `const T d = 257` is 1 for unsigned char, 257 for int, and the
   distance of the read with it. No #if can compare types. */
#include <stdio.h>
#ifndef T
#define T unsigned char
#endif
#define N 300
int main(void) {
  int t[N];
  long s = 0;
  const T d = 257;
  for (int i = 0; i < N; i++) {
    t[i] = i * 3 + 1;
    if (i >= d) s += t[i - d];
  }
  printf("%ld\n", s);
  return 0;
}
