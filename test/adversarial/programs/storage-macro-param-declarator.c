/* trap: the parameter's declarator itself comes out of a macro (VEC(t) spells 'double t[N]'):
   there is no file text to retype, so the parameter and its caller's buffer stay
   expect: kernel:t unchanged [not-editable]
   expect: kernel:in unchanged [pointer]
   expect: main:in unchanged
   expect: main:tmp unchanged */
#include <stdio.h>
#define N 64
#define VEC(name) double name[N]
static double kernel(VEC(t), const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 2;
    s += t[i];
  }
  return s;
}
int main(void) {
  double in[N], tmp[N];
  for (int i = 0; i < N; i++) in[i] = i;
  printf("%f\n", kernel(tmp, in));
  return 0;
}
