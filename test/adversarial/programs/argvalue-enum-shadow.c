/* trap: the name passed at the second call is an enumerator (an inner block's `enum { k = 10 };`
   hides the local k = 3): counted as no declaration, k seemed declared once, and t was contracted
   for k == 3 while the second call passes 10; a name declared twice carries no value
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
int main(void) {
  double in[32];
  int k = 3;
  for (int i = 0; i < 32; i++) in[i] = i % 5 + i;
  printf("%.1f\n", window(k, in));
  {
    enum { k = 10 };
    printf("%.1f\n", window(k, in));
  }
  return 0;
}
