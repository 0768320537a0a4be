/* trap: the guard of an enum constant read at the end of the file, where a macro of the same name defined after the function stands for it: `(N) == 16` there read the macro 4 (the build of the configuration analysed stopped), and with the macro 16 a build with -DM=32 passed the guard and ran t[i % 5] for a lag of 8 (macroGuards/enum-macro-after.c); the check goes right after the function
   expect: kern:t contracted 5 -- a lag of N / 4 = 4
   expect: kern:in unchanged
   expect: main:in unchanged */
#include <stdio.h>
#ifndef M
#define M 16
#endif
enum { N = M };
static long kern(const int *in) {
  long t[N];
  long s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i % 8] + i;
    if (i >= N / 4) s += t[i] * t[i - N / 4];
  }
  return s;
}
#define N 4
int main(void) {
  int in[8];
  for (int i = 0; i < 8; i++) in[i] = i * 3 + 1;
  printf("%ld %d\n", kern(in), N);
  return 0;
}
