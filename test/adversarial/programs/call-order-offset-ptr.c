/* trap: a pointer `p = buf + 1` taken before the call reads buf after it
   expect: kernel:t unchanged [buffer-escapes]
   expect: kernel:out unchanged [read-after-call]
   expect: main:buf unchanged [used-as-pointer]
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
  double *p = buf + 1;
  kernel(buf, out);
  printf("%.2f %.2f\n", p[2], out[2]);
  return 0;
}
