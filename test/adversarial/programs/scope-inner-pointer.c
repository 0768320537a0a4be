/* trap: an inner block's `double *t = big;` shadows the candidate t; its accesses write big, not t
   expect: main:t scalarized
   expect: main:big unchanged */
#include <stdio.h>
#define N 16
double big[N];
int main(void) {
  double t[N];
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 0.5;
    s += t[i];
    {
      double *t = big;
      t[i] = i + 1;
      s += t[i];
    }
  }
  for (int i = 0; i < N; i++) s += big[i] * (i + 1);
  printf("%.1f\n", s);
  return 0;
}
