/* trap: a recursive caller keeps `&buf[0]` in a global before the kernel call; the deeper level reads it
   expect: kernel:t unchanged [buffer-escapes] -- the deeper level reads parent[4]
   expect: kernel:out scalarized
   expect: walk:buf unchanged [statement-not-modelled]
   expect: walk:out unchanged */
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
static const double *parent;
static double walk(int d) {
  double buf[N], out[N];
  for (int i = 0; i < N; i++) buf[i] = -d;
  double s = parent ? parent[4] : 0;
  if (d == 0) return s;
  parent = &buf[0];
  kernel(buf, out);
  return s + walk(d - 1);
}
int main(void) {
  printf("%.2f\n", walk(3));
  return 0;
}
