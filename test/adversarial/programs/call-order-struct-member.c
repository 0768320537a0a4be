/* trap: the buffer is a member of a local struct, `kernel(s.t, out)`, read after the call
   expect: kernel:t unchanged [argument-not-a-buffer]
   expect: kernel:out unchanged [read-after-call]
   expect: main:out unchanged */
#include <stdio.h>
#include <stdlib.h>
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
struct work { double t[N]; int n; };
int main(void) {
  double out[N];
  struct work w;
  for (int i = 0; i < N; i++) w.t[i] = -1;
  kernel(w.t, out);
  printf("%.2f %.2f\n", w.t[3], out[1]);
  return 0;
}
