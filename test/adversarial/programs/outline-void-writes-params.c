/* trap: a void function whose body writes its parameters (a pointer walked, a count counted
   down): the original body as a function of its own gets copies, and the guard returns right
   after the call
   expect: fill:t contracted 3
   expect: fill:out unchanged
   expect: main:out unchanged */
#include <stdio.h>
static const int N = 30;
static void fill(double *out, int k)
{
  double t[64];
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5 + k;
    if (i >= 2)
      *out++ = t[i - 2] - t[i];
  }
  while (k-- > 0)
    *out++ = k;
}
int main(void) {
  double out[40] = {0};
  double s = 0;
  fill(out, 4);
  for (int i = 0; i < 40; i++) s += out[i] * (i + 1);
  printf("%f\n", s);
  return 0;
}
