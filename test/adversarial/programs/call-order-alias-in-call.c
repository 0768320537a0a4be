/* trap: `kernel(buf, &buf[0])`: the two parameters alias; the kernel's result depends on the write through out landing in t
   expect: kernel:t unchanged [buffer-escapes]
   expect: kernel:out unchanged [read-after-call]
   expect: mix:t unchanged [buffer-escapes] -- out aliases t in the call
   expect: mix:out unchanged [argument-not-a-buffer]
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
static double mix(double t[N], double out[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    out[i] = i;
    t[i] = out[i] + 1;
    out[i] += t[i];
    s += out[i];
  }
  return s;
}
int main(void) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -1;
  kernel(buf, out);
  printf("%.2f %.2f\n", mix(buf, &buf[0]), out[1]);
  return 0;
}
