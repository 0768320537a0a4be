/* N is an enum constant of M's value where kern() reads it, and a macro of the same name
   after kern(): the check of N == 16 must read the constant (right after the function), not
   the macro at the end of the file, which -DM=32 leaves 16. */
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
#define N 16
int main(void) {
  int in[8];
  for (int i = 0; i < 8; i++) in[i] = i * 3 + 1;
  printf("%ld %d\n", kern(in), N);
  return 0;
}
