/* trap: arrays of structs whose fields are not separate cells: a union (one storage for both fields), a field whose address is taken, an array member, a bit-field (one storage unit for two fields), volatile elements; each stays as written
   expect: kernel:u unchanged [element-field] -- a union: writing u[i].f writes u[i].i, read an iteration later
   expect: kernel:p unchanged [element-field] -- &p[i].x is written through
   expect: kernel:v unchanged [element-field] -- v[i].c[1]: an array member
   expect: kernel:b unchanged [element-field] -- bit-fields share a storage unit
   expect: kernel:w unchanged [volatile] -- volatile elements
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 12
typedef union { float f; unsigned i; } fu;
typedef struct { int x, y; } pt;
typedef struct { int c[2]; } two;
typedef struct { unsigned lo : 4; unsigned hi : 4; } nib;
static void kernel(const int *in, long *out) {
  fu u[N];
  pt p[N];
  two v[N];
  nib b[N];
  volatile pt w[N];
  for (int i = 0; i < N; i++) {
    u[i].f = (float)in[i];
    out[i] = i > 0 ? (long)(u[i - 1].i >> 20) : 0;
    int *r = &p[i].x;
    *r = in[i];
    p[i].y = 1;
    out[i] += p[i].x + p[i].y;
    v[i].c[0] = in[i];
    v[i].c[1] = -in[i];
    out[i] += v[i].c[0] * v[i].c[1];
    b[i].lo = (unsigned)in[i];
    b[i].hi = 3;
    out[i] += b[i].lo + b[i].hi;
    w[i].x = in[i];
    out[i] += w[i].x;
  }
}
int main(void) {
  int in[N];
  long out[N];
  for (int i = 0; i < N; i++) in[i] = i * 3 % 11;
  kernel(in, out);
  long s = 0;
  for (int i = 0; i < N; i++) s += out[i] * (i + 1);
  printf("%ld\n", s);
  return 0;
}
