/* trap: nested structs: `s[i].b = s[i].a` reads the fields under a (a.x, a.y) and writes those under b; s[i - 1].b.y is read an iteration later, s[i].a.x only in its own iteration
   expect: kernel:s contracted 2 -- b.y lives one iteration, the rest less
   expect: kernel:t scalarized -- per-iteration temporary of nested fields
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 24
struct pt { double x, y; };
struct seg { struct pt a; struct pt b; int tag; };
typedef struct { struct { int lo, hi; } r; int mid; } range;
static void kernel(const double *in, double *out) {
  struct seg s[N];
  range t[N];
  for (int i = 0; i < N; i++) {
    s[i].a.x = in[i];
    s[i].a.y = in[i] * 2.0;
    s[i].tag = i & 3;
    s[i].b = s[i].a;
    s[i].b.x += s[i].tag;
    out[i] = s[i].b.x + (i > 0 ? s[i - 1].b.y : 0.0);
  }
  for (int i = 0; i < N; i++) {
    t[i].r.lo = i - 1;
    t[i].r.hi = i + 1;
    t[i].mid = (t[i].r.lo + t[i].r.hi) / 2;
    out[i] += t[i].mid * 0.5;
  }
}
int main(void) {
  double in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = (i % 5) * 0.75;
  kernel(in, out);
  double sum = 0;
  for (int i = 0; i < N; i++) sum += out[i] * (i + 1);
  printf("%.4f\n", sum);
  return 0;
}
