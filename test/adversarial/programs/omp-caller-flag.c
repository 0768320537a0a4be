/* trap: in main()'s parallel region, thread 1 waits for a flag and reads t[5], written
   before kern(t, in) in the text, while thread 0 calls kern and then sets the flag: the read
   runs after the call. Textual order was taken for execution order: kern's t was folded to
   t[0] and thread 1 read a cell kern never wrote (adversary 2026-11-29)
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
    t[i] = in[i] * 0.5;
    s += t[i];
  }
  return s;
}
static int flag;
int main(void) {
  double in[N], t[N];
  double s = 0, seen = 0;
  for (int i = 0; i < N; i++)
    in[i] = i + 1;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1) {
      while (!__atomic_load_n(&flag, __ATOMIC_ACQUIRE))
        ;
      seen = t[5];
    } else {
      s = kern(t, in);
      __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
    }
  }
  printf("%f %f\n", s, seen);
  return 0;
}
