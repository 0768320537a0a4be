/* trap: __builtin_object_size(&t[i], 0) does not evaluate its operand but reads the size of t, which contraction changes
   expect: main:t unchanged */
#include <stdio.h>
#define N 40
int main(void) {
  double t[N];
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 2.0 + 1;
    s = s * 0.5 + t[i];
  }
  printf("%f %zu\n", s, __builtin_object_size(&t[3], 0));
  return 0;
}
