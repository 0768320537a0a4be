/* trap: a `continue` skips the write for odd cells; the read of every cell sees the caller's values there
   expect: kernel:t unchanged [statement-not-modelled]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N]) {
  for (int i = 0; i < N; i++) {
    if (i % 2) continue;
    t[i] = i * 1.25;
  }
  double s = 0;
  for (int i = 0; i < N; i++) s += t[i];
  return s;
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf));
  return 0;
}
