/* trap: under `#pragma omp parallel for` each iteration's t[i] is its own cell; one shared scalar is a data race
   expect: main:t unchanged [shared-by-threads]
   expect: main:out unchanged */
#include <stdio.h>
#define N 8
static volatile long sink;
static void pause_a_while(void) { for (long k = 0; k < 3000000; k++) sink += k; }
int main(void) {
  double t[N];
  double out[N];
#pragma omp parallel for num_threads(2) schedule(static)
  for (int i = 0; i < N; i++) {
    t[i] = i * 10.0;
    pause_a_while();
    out[i] = t[i] + 1;
  }
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i] * (i + 1);
  printf("%.1f\n", s);
  return 0;
}
