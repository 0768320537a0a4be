/* trap: the controlling expression of _Generic is never evaluated: t[i] = 0 there writes nothing
   expect: main:t unchanged */
#include <stdio.h>
#define N 40
int main(void) {
  double t[N];
  double s = 0;
  for (int i = 0; i < N; i++)
    t[i] = i * 2.0 + 1;
  for (int i = 0; i < N; i++) {
    s += _Generic(t[i] = 0, double: 1, default: 2);
    s = s * 0.5 + t[i];
  }
  printf("%f\n", s);
  return 0;
}
