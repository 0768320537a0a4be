/* trap: a do-while whose counter starts at an argument, `int k = m; do { ... } while (--k > 0);`: for m <= 0 its body still runs once, with k = m, and takes the branch `k <= 0` that reads t[3]; read as the `for` loop over 1 <= k <= m, that branch never runs, t[3] looks dead and shares a slot with t[1]. The loop is that `for` loop only where m >= 1: a check at the function's entry would keep the original t beside the contracted one, so t stays unchanged; written around the loop (`guarded`), the guard makes the loop the `for` loop and u is contracted
   expect: kernel:t unchanged [entry-dependent]
   expect: guarded:u contracted 2
   expect: main:out unchanged */
#include <stdio.h>
static int kernel(int m) {
  int t[4];
  int s = 0;
  t[3] = 5;
  int k = m;
  do {
    t[0] = k * 3;
    t[1] = t[0] + 1;
    s += t[1] * 2 + t[0];
    if (k <= 0) s += t[3];
  } while (--k > 0);
  return s;
}
static int guarded(int m) {
  int u[4];
  int s = 0;
  u[3] = 5;
  if (m >= 1) {
    int k = m;
    do {
      u[0] = k * 3;
      u[1] = u[0] + 1;
      s += u[1] * 2 + u[0];
      if (k <= 0) s += u[3];
    } while (--k > 0);
  }
  return s;
}
int main(void) {
  int out[8];
  out[0] = kernel(4);
  out[1] = kernel(0);
  out[2] = kernel(-3);
  out[3] = kernel(1);
  out[4] = guarded(4);
  out[5] = guarded(0);
  out[6] = guarded(-3);
  out[7] = guarded(1);
  for (int i = 0; i < 8; i++) printf("%d ", out[i]);
  printf("\n");
  return 0;
}
