/* trap: a statement expression nested in a subscript-free sum writes two cells before reading an older one
   expect: main:t unchanged */
#include <stdio.h>
#define N 24
int main(void) {
  double t[N];
  double s = 0;
  t[0] = 1;
  t[1] = 2;
  for (int i = 2; i < N; i += 2)
    s += 1.0 + ({ t[i] = i; t[i + 1] = i + 1; t[i - 2] * t[i - 1]; });
  printf("%.1f\n", s);
  return 0;
}
