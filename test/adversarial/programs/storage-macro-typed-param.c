/* trap: none: a parameter whose type is a macro (MachSuite's TYPE x[N] in a parameter list) is analysed: its
   declarator is spelled in the file and is all that is retyped; the caller's buffer shrinks with it
   (was: not-editable, the macro-typed declaration rule took only declarations ending with ';')
   expect: kernel:t scalarized
   expect: kernel:in unchanged [pointer]
   expect: main:in unchanged
   expect: main:tmp contracted 1 */
#include <stdio.h>
#define TYPE double
#define N 64
static double kernel(TYPE t[N], const TYPE *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 2;
    s += t[i];
  }
  return s;
}
int main(void) {
  TYPE in[N], tmp[N];
  for (int i = 0; i < N; i++) in[i] = i;
  printf("%f\n", kernel(tmp, in));
  return 0;
}
