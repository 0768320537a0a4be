/* trap: the harness of a kernel whose scratch is a member of its heap struct
   expect: none
*/
#include <string.h>
#include "bench.h"

int INPUT_SIZE = sizeof(struct args);

void run(void *vargs) {
  struct args *a = (struct args *)vargs;
  kernel(a->in, a->out, a->M);
}

void load(void *vdata) {
  struct args *a = (struct args *)vdata;
  memset(vdata, 0, sizeof(struct args));
  for (int i = 0; i < N; i++)
    a->in[i] = i;
}

int check(void *vdata) {
  struct args *a = (struct args *)vdata;
  int sum = 0;
  for (int i = 0; i < N; i++)
    sum += a->out[i];
  return sum;
}
