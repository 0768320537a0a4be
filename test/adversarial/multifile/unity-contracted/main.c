/* trap: a unity build whose main file defines the size and the element type of the kernel it
   includes (kern.c is never compiled alone): its buffers are passed to kern.c's functions
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:t unchanged
*/
#include <stdio.h>
typedef double real;
#define N 16
#include "kern.c"
int main(void) {
  real in[N], out[N], t[N];
  for (int i = 0; i < N; i++) in[i] = i * 0.5;
  smooth(in, out, t);
  for (int i = 0; i < N; i++) printf("%g\n", out[i]);
  printf("%g\n", energy(out));
  return 0;
}
