/* trap: `buf[(int)kernel(buf, out) % N]`: the call in the subscript runs before the read of buf it indexes
   expect: kernel:t unchanged [read-after-call] -- the subscripted read of buf follows the call
   expect: kernel:out unchanged [read-after-call]
   expect: main:buf unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], double out[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5 + 1;
    out[i] = t[i] * t[i];
    s += out[i];
  }
  return s;
}
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  double x = buf[(int)kernel(buf, out) % N];
  printf("%.2f %.2f\n", x, out[1]);
  return 0;
}
