/* N is defined unconditionally, then redefined under #ifdef BIG before the function: a
   -DBIG build has another N, and the distance of the read with it. */
#include <stdio.h>
#define N 64
#ifdef BIG
#undef N
#define N 128
#endif
int main(void) {
  int t[N];
  long s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 3 + 1;
    if (i >= N / 32) s += t[i - N / 32];
  }
  printf("%ld\n", s);
  return 0;
}
