/* trap: the unity build's main file reads the scratch buffer after the call into the file it
   includes; kern.c's own text shows no caller that does (run over many files, the reading of
   kern.c left the host's functions out of the call graph)
   expect: main:in unchanged
   expect: main:t unchanged
*/
#include <stdio.h>
#define N 8
#include "kern.c"
int main(void) {
  double in[N], t[N];
  for (int i = 0; i < N; i++) in[i] = i + 1.0;
  printf("%g %g\n", total(in, t), twice(in));
  printf("%g %g\n", t[2], t[7]);
  return 0;
}
