/* trap: the function redefines the file's macro after its last use: the size guard after the function saw the new value and fired
   expect: f:t contracted 3 */
#include <stdio.h>
#define N 40
static double f(void) {
  double t[N], s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 2.0 + 1;
    if (i >= 2)
      s = s * 0.5 + t[i - 2];
  }
#undef N
#define N 10
  return s;
}
int main(void) {
  printf("%f\n", f());
  return 0;
}
