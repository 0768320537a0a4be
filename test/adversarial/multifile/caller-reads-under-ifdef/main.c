/* trap: the caller of another file's kernel reads the buffer after the call in one
   configuration only (a pointer prototype: its buffer keeps its size, so main() gets no guard)
   build also: -DDEBUG
   expect: main:in unchanged
   expect: main:t unchanged */
#include <stdio.h>
double smooth(double *tmp, const double *in);
int main(void) {
  double in[16], t[16];
  for (int i = 0; i < 16; i++) in[i] = i % 4 + 1;
  double s = smooth(t, in);
#ifdef DEBUG
  s += t[15];
#endif
  printf("%.3f\n", s);
  return 0;
}
