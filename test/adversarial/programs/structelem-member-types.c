/* trap: members whose type the reading must not take as one scalar cell: `v2 c` with `typedef int v2[2]` is an array member behind a typedef (a[i].c[1] = ... is no write of a[i].c[0]; taken as a scalar leaf, `a[i].c[k]` is a read of the pointer c, no write at all, and a is scalarized); `r[i].p[0] = v` writes through the pointer field p, a read of p, not a write that would end the life of the pointer stored in the first loop
   expect: kernel:a unchanged [element-field] -- c is an array behind a typedef
   expect: kernel:r unchanged [no-saving] -- every r[i].p stays live from the first loop to the second
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 12
typedef int v2[2];
struct S { v2 c; int y; };
struct R { int *p; int y; };
static void kernel(const int *in, int *out) {
  struct S a[N];
  struct R r[N];
  for (int i = 0; i < N; i++) {
    a[i].c[0] = in[i];
    r[i].p = &out[i];
  }
  for (int i = 0; i < N; i++) {
    a[i].y = 1;
    a[i].c[1] = 2 * in[i];
    r[i].y = a[i].c[0] + a[i].c[1] + a[i].y;
    r[i].p[0] = r[i].y;
    *r[i].p += i;
  }
}
int main(void) {
  int in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = (i * 5 + 3) % 7;
  kernel(in, out);
  long s = 0;
  for (int i = 0; i < N; i++) s += out[i] * (i % 3 + 1);
  printf("%ld\n", s);
  return 0;
}
