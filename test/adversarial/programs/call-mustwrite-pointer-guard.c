/* trap: the write is guarded through a pointer parameter, `if (*on) t[0] = ...`, with *on == 0
   expect: kernel:t unchanged [value-flows-in] -- the skipped write lets the caller's value in
   expect: kernel:on unchanged
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], const int *on) {
  if (*on) t[0] = 5;
  return t[0] + 1;
}
int main(void) {
  double buf[N];
  int off = 0;
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, &off));
  return 0;
}
