/* trap: a switch in a loop: case 1 reads buf, case 0 (earlier in the run, later in the text) calls the kernel
   expect: kernel:t unchanged [read-after-call]
   expect: kernel:out unchanged [read-after-call]
   expect: main:buf unchanged [statement-not-modelled]
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
  double s = 0;
  for (int step = 0; step < 2; step++) {
    switch (step) {
    case 1:
      s = buf[5];
      break;
    case 0:
      kernel(buf, out);
      break;
    }
  }
  printf("%.2f %.2f\n", s, out[1]);
  return 0;
}
