/* trap: a cleanup attribute that opens a declaration applies to each declarator: fin gets &u as well as &t
   expect: main:t unchanged [address-taken]
   expect: main:u unchanged */
#include <stdio.h>
#define N 40
static double seen;
static void fin(double (*p)[N]) {
  for (int k = 0; k < N; k++)
    seen = seen * 0.5 + (*p)[k];
}
int main(void) {
  double s = 0;
  {
    __attribute__((cleanup(fin))) double t[N], u[N];
    for (int i = 0; i < N; i++) {
      t[i] = i * 2.0 + 1;
      u[i] = t[i] * 3;
      s = s * 0.5 + u[i];
    }
  }
  printf("%f %f\n", s, seen);
  return 0;
}
