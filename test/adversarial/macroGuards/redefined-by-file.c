/* The file defines D unconditionally: a -DD=2 build is redefined by it (the compiler warns,
   the file's definition wins), so the result holds in every build and needs no guard. */
#include <stdio.h>
#define D 1
#define N 64
int main(void) {
  int t[N];
  long s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 3 + 1;
    if (i >= D) s += t[i - D];
  }
  printf("%ld\n", s);
  return 0;
}
