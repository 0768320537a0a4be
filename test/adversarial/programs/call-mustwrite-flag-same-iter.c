/* trap: a flag parameter guards the write, read in the same iteration; the caller passes 0
   expect: kernel:t unchanged [value-flows-in]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], int fill) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    if (fill) t[i] = i * 2.0;
    s += t[i];
  }
  return s;
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, 0));
  return 0;
}
