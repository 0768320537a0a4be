/* trap: an earlier call stores its argument in a static pointer; a later function reads buf through it after the kernel ran
   expect: kernel:t unchanged [callee-keeps-address] -- buf is read through an alias after the call
   expect: kernel:out unchanged [read-after-call]
   expect: main:buf unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 8
static void kernel(double t[N], double out[N]) {
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5 + 1;
    out[i] = t[i] * t[i];
  }
}
static const double *kept;
static void keep(const double *p) { kept = p; }
static double peek(int i) { return kept[i]; }
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  keep(buf);
  kernel(buf, out);
  printf("%.2f %.2f\n", peek(5), out[2]);
  return 0;
}
