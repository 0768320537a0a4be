/* trap: a loop over the input sets a flag and the write happens only if the flag is set
   expect: kernel:t unchanged [value-flows-in] -- the skipped write lets the caller's value in
   expect: kernel:in unchanged [value-flows-in]
   expect: main:buf unchanged
   expect: main:in unchanged */
#include <stdio.h>
#define N 8
static double kernel(double t[N], const double in[N]) {
  int found = 0;
  for (int i = 0; i < N; i++)
    if (in[i] > 50) found = 1;
  if (found) t[3] = 1;
  return t[3];
}
int main(void) {
  double buf[N], in[N];
  for (int i = 0; i < N; i++) { buf[i] = 100 + i; in[i] = i; }
  printf("%.2f\n", kernel(buf, in));
  return 0;
}
