/* trap: a block-scope `extern double t[40];` names the file-scope array, not a local temporary
   expect: fill:t unchanged [external-linkage]
   expect: main:t unchanged */
#include <stdio.h>
double t[40];
static double fill(void) {
  extern double t[40];
  double s = 0;
  for (int i = 0; i < 40; i++) {
    t[i] = i * 3.0;
    s += t[i];
  }
  return s;
}
int main(void) {
  double s = fill();
  for (int i = 0; i < 40; i++) s += t[i] * i;
  printf("%.1f\n", s);
  return 0;
}
