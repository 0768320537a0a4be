/* trap: a global pointer set to the buffer before the call is read by another function called after
   expect: kernel:t unchanged [buffer-escapes]
   expect: kernel:out unchanged [read-after-call]
   expect: main:buf unchanged [assigned-to-pointer]
   expect: main:out unchanged */
#include <stdio.h>
#define N 8
static void kernel(double t[N], double out[N]) {
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5 + 1;
    out[i] = t[i] * t[i];
  }
}
static double *shared;
static double sum_shared(void) {
  double s = 0;
  for (int i = 0; i < N; i++) s += shared[i];
  return s;
}
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  shared = buf;
  kernel(buf, out);
  printf("%.2f %.2f\n", sum_shared(), out[2]);
  return 0;
}
