/* trap: a block-scope prototype of smooth in main: retyping the header only would leave it
   declaring tmp[N][N] while t became t[N][1] (incompatible pointer types)
   expect: main:in unchanged
   expect: main:out unchanged
   expect: main:t unchanged
*/
#include <stdio.h>
#define N 16
int main(void) {
  void smooth(const double in[N], double out[N], double tmp[N][N]);
  double in[N], out[N], t[N][N];
  for (int i = 0; i < N; i++) in[i] = i * 0.25;
  smooth(in, out, t);
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i];
  printf("%f\n", s);
  return 0;
}
