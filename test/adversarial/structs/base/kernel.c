#include "bench.h"

/* M is scratch: each cell is written before it is read, read only by the next step, and
   nothing else reads it (a prefix sum: M folds to two cells). */
void kernel(int in[N], int out[N], int M[N]) {
  M[0] = in[0];
  out[0] = M[0];
  for (int i = 1; i < N; i++) {
    M[i] = M[i - 1] + in[i];
    out[i] = M[i] * 2;
  }
}
