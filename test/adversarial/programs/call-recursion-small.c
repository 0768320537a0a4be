/* trap: a recursive kernel whose scratch would become a scalar, called with a fresh local buffer per level (20 deep): the original already holds a full buffer per frame
   expect: kernel:t unchanged [recursive] -- recursive: no private copy per frame
   expect: kernel:sub unchanged
   expect: main:buf unchanged */
#include <stdio.h>
#define N 64
static double kernel(double t[N], int d) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 0.5 + d;
    s += t[i];
  }
  if (d > 0) {
    double sub[N];
    s += kernel(sub, d - 1) * 0.5;
  }
  return s;
}
int main(void) {
  double buf[N];
  printf("%.3f\n", kernel(buf, 20));
  return 0;
}
