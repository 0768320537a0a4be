/* trap: calls stage through a pointer and reads x[2][3] after the call
   expect: g:in unchanged
   expect: g:out unchanged
   expect: g:x unchanged
*/
#include "kern.h"
void (*fp)(const double in[N], double out[N], double b[N][N]) = stage;
double g(void) {
  double in[N], out[N], x[N][N];
  for (int i = 0; i < N; i++) in[i] = i;
  fp(in, out, x);
  return x[2][3];
}
