/* trap: none: the kernel is called in both branches of an if with the same local scratch, never read after
   expect: kernel:t scalarized
   expect: kernel:out unchanged [read-after-call]
   expect: main:argv unchanged
   expect: main:buf contracted 1
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
int main(int argc, char **argv) {
  (void)argv;
  double buf[N], out[N], v;
  if (argc > 1)
    v = kernel(buf, out);
  else
    v = kernel(buf, out) * 2;
  printf("%.2f %.2f\n", v, out[3]);
  return 0;
}
