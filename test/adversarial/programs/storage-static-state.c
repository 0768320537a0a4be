/* trap: a static array carries a value from one call to the next (read before the write on every call but the first): it is state, not scratch
   expect: step:hist unchanged */
#include <stdio.h>
#define N 8
static int calls;
static double step(int n) {
  static double hist[N];
  double s = 0;
  if (calls++ > 0) s = hist[N - 1];
  for (int i = 0; i < N; i++) hist[i] = (double)(i * n) + s;
  for (int i = 0; i < N; i++) s += hist[i] * 0.5;
  return s;
}
int main(void) {
  double a = step(2), b = step(3), c = step(4);
  printf("%.2f %.2f %.2f\n", a, b, c);
  return 0;
}
