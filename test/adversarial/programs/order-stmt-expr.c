/* trap: in the statement expression `({ t[i] = ...; t[i - 1]; })` the write comes before the read
   expect: main:t unchanged */
#include <stdio.h>
#define N 40
int main(void) {
  double t[N];
  double s = 0;
  t[0] = 1;
  for (int i = 1; i < N; i++) s += ({ t[i] = i * 2.0; t[i - 1]; });
  printf("%.1f\n", s);
  return 0;
}
