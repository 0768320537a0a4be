/* trap: a unity build: this file includes kern.c and calls its static kernel, then reads the buffer
   expect: main:buf unchanged
   expect: main:out unchanged */
#include <stdio.h>
#include "kern.c"
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  double v = kernel(buf, out) + use();
  printf("%.2f %.2f %.2f\n", v, buf[3], out[2]);
  return 0;
}
