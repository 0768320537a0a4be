/* trap: another file-scope array is sized by the scratch (v[sizeof w / sizeof w[0]]): contracting w
   would shrink v too, and the loop over v would overrun it
   expect: f:w unchanged [not-scratch]
   expect: h:v unchanged */
#include <stdio.h>
#define N 8
static double w[N];
static double v[sizeof w / sizeof w[0]];
static double f(int k) {
  double s = 0;
  for (int i = 0; i < N; i++) { w[i] = k + i; s += w[i]; }
  return s;
}
static double h(void) {
  double s = 0;
  for (int i = 0; i < N; i++) v[i] = i * 2.0;
  for (int i = 0; i < N; i++) s += v[N - 1 - i] * i;
  return s;
}
int main(int argc, char **argv) {
  double s = f(argc);
  printf("%.1f %.1f\n", s, h());
  return 0;
}
