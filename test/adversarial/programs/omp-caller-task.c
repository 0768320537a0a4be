/* trap: main() creates a task that waits for a flag and reads t[3] before it calls
   kern(t, in) in the text; the task runs on another thread of the team, after the call
   sets the flag. Textual order was taken for execution order: kern's t was folded to t[0]
   (adversary 2026-11-29)
   expect: kern:t unchanged [caller-unstructured]
   expect: kern:in unchanged
   expect: main:in unchanged
   expect: main:t unchanged */
#include <stdio.h>
#define N 16
static double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] + 0.25;
    s += t[i] * t[i];
  }
  return s;
}
static int flag;
int main(void) {
  double in[N], t[N];
  double s = 0, seen = 0;
  for (int i = 0; i < N; i++)
    in[i] = i * 3 % 7;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task shared(t, seen)
    {
      while (!__atomic_load_n(&flag, __ATOMIC_ACQUIRE))
        ;
      seen = t[3];
    }
    s = kern(t, in);
    __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
  }
  printf("%f %f\n", s, seen);
  return 0;
}
