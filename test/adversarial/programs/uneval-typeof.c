/* trap: typeof(t[i] = 0) is not evaluated (its type is not variably modified): the assignment writes nothing
   expect: main:t unchanged */
#include <stdio.h>
#define N 40
int main(void) {
  double t[N];
  double s = 0;
  for (int i = 0; i < N; i++)
    t[i] = i * 2.0 + 1;
  for (int i = 0; i < N; i++) {
    s += sizeof(__typeof__(t[i] = 0));
    s = s * 0.5 + t[i];
  }
  printf("%f\n", s);
  return 0;
}
