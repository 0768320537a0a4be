/* trap: a static counter of the function is sent back by a recursive call inside the loop
   expect: walk:t unchanged */
#include <stdio.h>
#define N 24
static double out;
static void walk(int depth) {
  static int k;
  double t[N];
  if (depth > 0) {
    if (k == 10) k -= 5;
  } else {
    for (k = 0; k < N; k++) {
      t[k] = k * 3.0;
      if (k > 0) out += t[k - 1] * k;
      if (out < 1000) walk(1);
    }
  }
}
int main(void) {
  walk(0);
  printf("%.1f\n", out);
  return 0;
}
