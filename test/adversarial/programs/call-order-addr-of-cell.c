/* trap: a pointer taken before the call, `double *p = &buf[0];`, reads buf after the call through p
   expect: kernel:t unchanged [buffer-escapes] -- buf is read through an alias after the call
   expect: kernel:out unchanged [read-after-call]
   expect: main:buf unchanged [element-address-taken]
   expect: main:out unchanged */
#include <stdio.h>
#define N 8
static void kernel(double t[N], double out[N]) {
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5 + 1;
    out[i] = t[i] * t[i];
  }
}
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  double *p = &buf[0];
  kernel(buf, out);
  printf("%.2f %.2f\n", p[3], out[2]);
  return 0;
}
