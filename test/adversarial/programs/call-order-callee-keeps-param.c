/* trap: the kernel keeps its parameter in a static pointer; a later function reads through it
   expect: kernel:t unchanged [assigned-to-pointer]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double *last;
static double kernel(double t[N]) {
  double s = 0;
  last = t;
  for (int i = 0; i < N; i++) {
    t[i] = i * 2.5;
    s += t[i];
  }
  return s;
}
static double peek(void) { return last[4]; }
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  double v = kernel(buf);
  printf("%.2f %.2f\n", v, peek());
  return 0;
}
