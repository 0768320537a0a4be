/* trap: every call in the file passes k == 3, but window() is not static: a caller in another file
   may pass any value, so the file's calls fix nothing and t keeps every cell
   expect: window:in unchanged [pointer]
   expect: window:t unchanged [no-saving]
   expect: main:in unchanged */
#include <stdio.h>
double window(int k, const double *in) {
  double t[32];
  double s = 0;
  for (int i = 0; i < 32; i++) {
    t[i] = in[i] * 2;
    if (i >= k) s += t[i - k];
  }
  return s;
}
int main(void) {
  double in[32];
  for (int i = 0; i < 32; i++) in[i] = i % 5;
  printf("%.1f %.1f\n", window(3, in), window(3, in));
  return 0;
}
