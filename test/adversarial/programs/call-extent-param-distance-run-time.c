/* trap: `double t[8]` receives 64 cells and reads k cells back with k a value known only at run time (10
   without arguments): the distance exceeds the declared extent, and no call fixes it
   expect: kernel:t unchanged [value-flows-in]
   expect: main:buf unchanged
   expect: main:argv unchanged */
#include <stdio.h>
static double kernel(double t[8], int n, int k) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    t[i] = i + 0.5;
    if (i >= k) s += t[i - k] * i;
  }
  return s;
}
int main(int argc, char **argv) {
  double buf[64];
  int k = argc + 9; /* 10 without arguments, known only at run time */
  printf("%.2f %s\n", kernel(buf, 64, k), argv[0] ? "" : "?");
  return 0;
}
