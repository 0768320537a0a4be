/* trap: the second unit that includes kern.c, with N 16 defined before it
   expect: other:in unchanged
*/
#undef N
#define N 16
#include "kern.c"
double other(void) {
  double in[N];
  for (int i = 0; i < N; i++) in[i] = N - i;
  return lagged(in);
}
