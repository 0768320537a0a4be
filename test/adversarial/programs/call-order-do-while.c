/* trap: a do-while whose condition reads buf after the kernel called in its body
   expect: kernel:t unchanged [read-after-call]
   expect: kernel:out unchanged [read-after-call]
   expect: main:buf unchanged [loop-header-access]
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
  int k = 0;
  do {
    kernel(buf, out);
    k++;
  } while (k < N - 1 && buf[k] < 7);
  printf("%d %.2f\n", k, out[1]);
  return 0;
}
