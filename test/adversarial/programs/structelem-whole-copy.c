/* trap: whole-element copies of an array of structs: `q = a[i - 2]` reads every field of a cell two iterations old (three live cells), `c[i] = c[i - 1]` writes every field then one field is changed; a copy is an access of every field, not of none
   expect: kernel:a contracted 3 -- q = a[i - 2], after a[i] is written, reads both fields of a cell written two iterations before
   expect: kernel:c scalarized -- c[i] = c[i - 1] reads every field of the old cell before it writes the new one, then c[i].n += in[i]: a running pair
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 20
typedef struct { long v; short w; } rec;
struct cnt { int n; int k; };
static void kernel(const int *in, long *out) {
  rec a[N];
  struct cnt c[N];
  rec q;
  a[0].v = 1;
  a[0].w = 2;
  a[1].v = 3;
  a[1].w = 4;
  for (int i = 2; i < N; i++) {
    a[i].v = in[i] + i;
    a[i].w = (short)(in[i] - 1);
    q = a[i - 2];
    out[i] = a[i].v * q.w + q.v;
  }
  c[0].n = 0;
  c[0].k = 0;
  for (int i = 1; i < N; i++) {
    c[i] = c[i - 1];
    c[i].n += in[i];
    c[i].k = c[i].k + (in[i] & 1);
    out[i] += c[i].n * 100 + c[i].k;
  }
}
int main(void) {
  int in[N];
  long out[N];
  for (int i = 0; i < N; i++) in[i] = (i * 5 + 3) % 7;
  kernel(in, out);
  long s = 0;
  for (int i = 2; i < N; i++) s += out[i] * (i % 3 + 1);
  printf("%ld\n", s);
  return 0;
}
