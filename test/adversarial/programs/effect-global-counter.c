/* trap: the counter g has file scope and the called function sends it back
   expect: main:t unchanged */
#include <stdio.h>
#define N 30
int g;
static int done;
static void back(void) {
  if (g == 10 && !done) {
    done = 1;
    g -= 5;
  }
}
int main(void) {
  double t[N];
  double s = 0;
  for (g = 0; g < N; g++) {
    t[g] = g * 2.0;
    if (g > 0) s += t[g - 1] * g;
    back();
  }
  printf("%.1f\n", s);
  return 0;
}
