/* trap: `sizeof t[i]` is a reference to t the rewriter must rename too: left as it was it did not compile once t became a scalar
   expect: main:t scalarized */
#include <stdio.h>
#define N 40
int main(void) {
  double t[N];
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 2.0 + 1;
    s = s * 0.5 + t[i] + sizeof t[i];
  }
  printf("%f\n", s);
  return 0;
}
