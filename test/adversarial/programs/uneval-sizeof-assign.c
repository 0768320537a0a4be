/* trap: the assignment inside sizeof(t[i] = 0) is never evaluated, so the first loop's values of t are still live
   expect: main:t unchanged */
#include <stdio.h>
#define N 40
int main(void) {
  double t[N];
  double s = 0;
  for (int i = 0; i < N; i++)
    t[i] = i * 2.0 + 1;
  for (int i = 0; i < N; i++) {
    s += sizeof(t[i] = 0);
    s = s * 0.5 + t[i];
  }
  printf("%f\n", s);
  return 0;
}
