/* trap: a member whose attribute changes its type: `int v __attribute__((vector_size(16)))` is a vector of four ints, and `a[i].v[1] = x` writes one lane of it; taken as the scalar int the declaration names, `a[i].v[k]` was a read of v and no write, every a[i].v looked dead between the loops and a was scalarized (wrong output); an aligned member changes no type
   expect: kernel:a unchanged [element-field] -- v is a vector written lane by lane
   expect: kernel:b scalarized -- b[i].w, aligned, lives within one iteration
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 12
struct S { int v __attribute__((vector_size(16))); int y; };
struct T { int w __attribute__((aligned(16))); int z; };
static void kernel(const int *in, int *out) {
  struct S a[N];
  struct T b[N];
  for (int i = 0; i < N; i++) a[i].v[0] = in[i];
  for (int i = 0; i < N; i++) {
    a[i].y = 1;
    a[i].v[1] = 2 * in[i];
    b[i].w = a[i].v[0] + a[i].v[1] + a[i].y;
    b[i].z = i;
    out[i] = b[i].w * 3 + b[i].z;
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
