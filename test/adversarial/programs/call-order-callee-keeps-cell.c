/* trap: the kernel keeps `&t[2]` in a static pointer; a later function reads through it
   expect: kernel:t unchanged [element-address-taken]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double *mark;
static double kernel(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 2.5;
    s += t[i];
  }
  mark = &t[2];
  return s;
}
static double peek(void) { return *mark; }
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  double v = kernel(buf);
  printf("%.2f %.2f\n", v, peek());
  return 0;
}
