/* An #ifdef adds a read: built with -DTRACE, the kernel prints the previous sample too, so
   t keeps two cells there and one elsewhere. Configurations: (none) and -DTRACE. */
#include <stdio.h>
#define N 32

static double run(const double *in) {
  double t[N];
  double s = 0;
  int i;
  for (i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    s += t[i];
#ifdef TRACE
    if (i > 0) printf("%d: %.2f -> %.2f\n", i, t[i - 1], t[i]);
#endif
  }
  return s;
}

int main(void) {
  double in[N];
  int i;
  for (i = 0; i < N; i++) in[i] = (double)((i * 5) % 7);
  printf("%.3f\n", run(in));
  return 0;
}
