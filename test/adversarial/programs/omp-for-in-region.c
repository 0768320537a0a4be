/* trap: a worksharing `#pragma omp for` inside a parallel region: rows of t folded mod 2 are shared by the threads
   expect: main:t unchanged [shared-by-threads]
   expect: main:out unchanged */
#include <stdio.h>
#define N 6
#define M 4
static volatile long sink;
static void pause_a_while(void) { for (long k = 0; k < 3000000; k++) sink += k; }
int main(void) {
  double t[N][M];
  double out[N];
#pragma omp parallel num_threads(2)
  {
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++) {
      for (int j = 0; j < M; j++) t[i][j] = i * 4 + j;
      pause_a_while();
      out[i] = 0;
      for (int j = 0; j < M; j++) out[i] += t[i][j];
    }
  }
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i] * (i + 1);
  printf("%.1f\n", s);
  return 0;
}
