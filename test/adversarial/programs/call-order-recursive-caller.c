/* trap: a recursive caller passes its buffer, after the kernel filled it, to the next level, which reads it
   expect: kernel:t unchanged [read-after-call]
   expect: kernel:out scalarized
   expect: walk:up unchanged [statement-not-modelled]
   expect: walk:buf unchanged [statement-not-modelled]
   expect: walk:out unchanged [statement-not-modelled]
   expect: main:first unchanged */
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
static double walk(int d, const double up[N]) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -d;
  double s = up[2];
  if (d == 0) return s;
  kernel(buf, out);
  return s + walk(d - 1, buf);
}
int main(void) {
  double first[N];
  for (int i = 0; i < N; i++) first[i] = 100;
  printf("%.2f\n", walk(3, first));
  return 0;
}
