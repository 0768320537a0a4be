/* trap: two sections of main()'s parallel region run on two threads: the first section
   waits for a flag and reads t[7], the second calls kern(t, in) and then sets the flag. The
   read, written first, runs after the call: kern's t was folded to t[0] (adversary
   2026-11-29)
   expect: kern:t unchanged [caller-unstructured]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:t unchanged */
#include <stdio.h>
#include <omp.h>
#define N 16
static double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 2 - 1;
    s += t[i];
  }
  return s;
}
static int flag;
int main(void) {
  double in[N], t[N];
  double s = 0, seen = 0;
  for (int i = 0; i < N; i++)
    in[i] = i % 5, t[i] = 0;
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    {
      while (omp_get_num_threads() > 1 && !__atomic_load_n(&flag, __ATOMIC_ACQUIRE))
        ;
      seen = t[7];
    }
#pragma omp section
    {
      s = kern(t, in);
      __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
    }
  }
  printf("%f %f\n", s, seen);
  return 0;
}
