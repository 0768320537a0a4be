/* trap: an argument a macro body copies twice or more, edited once in the file: `C_MUL(w[k], ...)` writes w[k] in two statements of a `do { ... } while (0)` body and `C_ADD(out[k], w[k - 2], w[k - 1])` reads each of its arguments twice (w folded to 3 cells: every copy must read the slot of its own cell); `STEP(t[j], ...)` copies t[j] into a block of the body that declares its own j (the second copy names t[k - 1], the first t[k]: one edit of `t[j]` must give each copy the slot of the cell it names there)
   expect: kern:w contracted 3
   expect: kern:x unchanged
   expect: kern:out unchanged
   expect: steps:t unchanged [no-saving] -- the model reads the second copy's j as not affine
   expect: main:x unchanged
   expect: main:out unchanged */
#include <stdio.h>
typedef struct { double r, i; } cpx;
#define C_MUL(m, a, b) \
  do { (m).r = (a).r * (b).r - (a).i * (b).i; \
       (m).i = (a).r * (b).i + (a).i * (b).r; } while (0)
#define C_ADD(res, a, b) do { (res).r = (a).r + (b).r; (res).i = (a).i + (b).i; } while (0)
#define STEP(x, e) do { (x) = (e); { int j = k - 1; (x) += 1; s += (x); } } while (0)
static void kern(const cpx *x, cpx *out) {
  cpx w[64];
  for (int k = 0; k < 64; k++) {
    C_MUL(w[k], x[k], x[63 - k]);
    if (k >= 2) C_ADD(out[k], w[k - 2], w[k - 1]);
  }
}
static int steps(void) {
  int t[32];
  int s = 0;
  t[0] = 5;
  for (int k = 1; k < 32; k++) {
    int j = k;
    STEP(t[j], k * 3);
  }
  return s;
}
int main(void) {
  cpx x[64], out[64] = {{0, 0}};
  for (int i = 0; i < 64; i++) {
    x[i].r = i * 0.5;
    x[i].i = 3 - i * 0.25;
  }
  kern(x, out);
  double h = 0;
  for (int i = 0; i < 64; i++) h = h * 1.5 + out[i].r - out[i].i;
  printf("%.17g %d\n", h, steps());
  return 0;
}
