/* trap: `s.p = &buf[2]` assigned before the call; the read through s.p comes after it
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
struct view { double *p; };
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  struct view s;
  s.p = &buf[2];
  kernel(buf, out);
  printf("%.2f %.2f\n", *s.p, out[2]);
  return 0;
}
