/* trap: a struct holding `&buf[0]`, filled before the call, reads buf after it
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
struct view { double *data; int n; };
static double last(struct view v) { return v.data[v.n - 1]; }
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  struct view v = { &buf[0], N };
  kernel(buf, out);
  printf("%.2f %.2f\n", last(v), out[2]);
  return 0;
}
