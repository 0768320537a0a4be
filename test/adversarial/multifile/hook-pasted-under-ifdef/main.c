/* trap: the one caller the analysed build shows
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:t unchanged
*/
#include <stdio.h>
#include "kern.h"
int main(void) {
  double in[N], out[N], t[N][N];
  for (int i = 0; i < N; i++) in[i] = i * 0.25;
  kern(in, out, t);
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i];
  printf("%f\n", s);
  other();
  return 0;
}
