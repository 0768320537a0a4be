/* trap: the write is in one `switch` case; the mode the caller passes skips it
   expect: kernel:t unchanged [statement-not-modelled]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], int mode) {
  switch (mode) {
  case 0:
    for (int i = 0; i < N; i++) t[i] = i;
    break;
  default:
    break;
  }
  double s = 0;
  for (int i = 0; i < N; i++) s += t[i];
  return s;
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, 1));
  return 0;
}
