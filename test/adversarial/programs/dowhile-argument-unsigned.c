/* trap: do-while loops whose counter starts at an argument (kissfft's `size_t k = m; do { ... } while (--k);`): an unsigned counter from 0 wraps and runs the body 2^w times (256 for an unsigned char: k = 0, 255, ..., 1), a first value `m - 1` passes the test only for m >= 2, two loops on two arguments need both (m >= 1 and n >= 1); each is the `for` loop only where its condition holds at the function's entry, which no guard in the source says: the arrays stay unchanged (a check at the entry would keep the original arrays in the frame)
   expect: bfly:s unchanged [entry-dependent]
   expect: bfly:out unchanged
   expect: shifted:t unchanged [entry-dependent]
   expect: both:t unchanged [entry-dependent]
   expect: both:u unchanged [entry-dependent]
   expect: main:out unchanged */
#include <stdio.h>
static void bfly(unsigned *out, unsigned char m) {
  unsigned s[4];
  unsigned char k = m;
  do {
    s[0] = out[k] * 2u;
    s[1] = s[0] + 1u;
    s[2] = s[1] * s[0];
    s[3] = s[2] - s[1];
    out[k] = s[3] + s[1];
  } while (--k);
}
static int shifted(int m) {
  int t[4], s = 0;
  t[3] = 5;
  int k = m - 1;
  do {
    t[0] = k * 3;
    t[1] = t[0] + 1;
    s += t[1] * 2 + t[0];
    if (k <= 0) s += t[3];
  } while (--k > 0);
  return s;
}
static int both(int m, int n) {
  int t[4], u[4], s = 0;
  t[3] = 5;
  u[3] = 7;
  int k = m;
  do {
    t[0] = k * 3;
    t[1] = t[0] + 1;
    s += t[1] * 2 + t[0];
    if (k <= 0) s += t[3];
  } while (--k > 0);
  int j = n;
  do {
    u[0] = j * 5;
    u[1] = u[0] - 1;
    s += u[1] * 3 + u[0];
    if (j <= 0) s += u[3];
  } while (--j > 0);
  return s;
}
int main(void) {
  unsigned out[256];
  for (int i = 0; i < 256; i++) out[i] = (unsigned)i * 7u + 1u;
  bfly(out, 5);
  bfly(out, 0);
  bfly(out, 1);
  unsigned h = 0;
  for (int i = 0; i < 256; i++) h = h * 31u + out[i];
  printf("%u\n", h);
  for (int m = -1; m <= 3; m++)
    printf("%d %d %d %d\n", shifted(m), both(m, 2), both(2, m), both(m, m));
  return 0;
}
