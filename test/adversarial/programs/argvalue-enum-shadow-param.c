/* trap: run() passes its parameter k on to window(), and, in a loop's body, an enumerator k = 10
   that hides it: the parameter seemed passed at both calls (main passes 3), and t was contracted
   for k == 3; a parameter's name declared again carries no value
   expect: window:in unchanged [pointer]
   expect: window:t unchanged [no-saving]
   expect: main:in unchanged */
#include <stdio.h>
static double window(int k, const double *in) {
  double t[32];
  double s = 0;
  for (int i = 0; i < 32; i++) {
    t[i] = in[i] * 2;
    if (i >= k) s += t[i - k] * (i % 7);
  }
  return s;
}
static double run(int k, const double *in) {
  double s = window(k, in);
  for (int j = 0; j < 1; j++) {
    enum { k = 10 };
    s += window(k, in);
  }
  return s;
}
int main(void) {
  double in[32];
  for (int i = 0; i < 32; i++) in[i] = i % 5 + i;
  printf("%.1f\n", run(3, in));
  return 0;
}
