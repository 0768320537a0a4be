/* trap: two `#pragma omp section`s use disjoint halves of t at the same time; folding t makes them share cells
   expect: main:t unchanged */
#include <stdio.h>
#define N 8
static volatile long sink;
static void pause_a_while(void) { for (long k = 0; k < 3000000; k++) sink += k; }
int main(void) {
  double t[N];
  double a = 0, b = 0;
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    for (int i = 0; i < N / 2; i++) {
      t[i] = i + 1;
      pause_a_while();
      a += t[i];
    }
#pragma omp section
    for (int i = N / 2; i < N; i++) {
      t[i] = 100 * i;
      pause_a_while();
      b += t[i];
    }
  }
  printf("%.1f %.1f\n", a, b);
  return 0;
}
