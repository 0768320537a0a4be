/* trap: kissfft's butterflies: `C_MUL(scratch[0], Fout[m], *tw)` copies its first argument twice (`(m).r = ...; (m).i = ...;`) into statements of a `do { ... } while (0)` body, `C_ADD` calls a function-like macro defined to nothing (`CHECK_OVERFLOW_OP`), `HALF_OF` names an object-like macro (`kiss_fft_scalar`), inside kissfft's `do { ... } while (--k);` (bfly3's guarded by the test the entry needs). One edit of an argument's text changes every copy: each copy must name the slot of its own cell
   expect: bfly3:scratch contracted 4
   expect: bfly3:Fout unchanged
   expect: bfly3:tw unchanged
   expect: bfly4:scratch unchanged [no-saving] -- every difference of 0..5 conflicts
   expect: bfly4:Fout unchanged
   expect: bfly4:tw unchanged
   expect: main:buf unchanged
   expect: main:tw unchanged */
#include <stdio.h>
#include <stddef.h>
#define kiss_fft_scalar float
typedef struct { kiss_fft_scalar r, i; } cpx;
#define CHECK_OVERFLOW_OP(a, op, b) /* noop */
#define C_MUL(m, a, b) \
  do { (m).r = (a).r * (b).r - (a).i * (b).i; \
       (m).i = (a).r * (b).i + (a).i * (b).r; } while (0)
#define C_ADD(res, a, b) \
  do { CHECK_OVERFLOW_OP((a).r, +, (b).r) CHECK_OVERFLOW_OP((a).i, +, (b).i) \
       (res).r = (a).r + (b).r; (res).i = (a).i + (b).i; } while (0)
#define C_SUB(res, a, b) \
  do { (res).r = (a).r - (b).r; (res).i = (a).i - (b).i; } while (0)
#define C_ADDTO(res, a) do { (res).r += (a).r; (res).i += (a).i; } while (0)
#define C_MULBYSCALAR(c, s) do { (c).r *= (s); (c).i *= (s); } while (0)
#define HALF_OF(x) ((x) * ((kiss_fft_scalar).5))
static void bfly3(cpx *Fout, const size_t fstride, const cpx *tw, size_t m) {
  const size_t m2 = 2 * m;
  const cpx *tw1, *tw2;
  cpx scratch[5];
  cpx epi3 = tw[fstride * m];
  tw1 = tw2 = tw;
  if (m >= 1) {
    size_t k = m;
    do {
      C_MUL(scratch[1], Fout[m], *tw1);
      C_MUL(scratch[2], Fout[m2], *tw2);
      C_ADD(scratch[3], scratch[1], scratch[2]);
      C_SUB(scratch[0], scratch[1], scratch[2]);
      tw1 += fstride;
      tw2 += fstride * 2;
      Fout[m].r = Fout->r - HALF_OF(scratch[3].r);
      Fout[m].i = Fout->i - HALF_OF(scratch[3].i);
      C_MULBYSCALAR(scratch[0], epi3.i);
      C_ADDTO(*Fout, scratch[3]);
      Fout[m2].r = Fout[m].r + scratch[0].i;
      Fout[m2].i = Fout[m].i - scratch[0].r;
      Fout[m].r -= scratch[0].i;
      Fout[m].i += scratch[0].r;
      ++Fout;
    } while (--k);
  }
}
static void bfly4(cpx *Fout, const size_t fstride, const cpx *tw, const size_t m, int inverse) {
  const cpx *tw1, *tw2, *tw3;
  cpx scratch[6];
  size_t k = m;
  const size_t m2 = 2 * m;
  const size_t m3 = 3 * m;
  tw3 = tw2 = tw1 = tw;
  do {
    C_MUL(scratch[0], Fout[m], *tw1);
    C_MUL(scratch[1], Fout[m2], *tw2);
    C_MUL(scratch[2], Fout[m3], *tw3);
    C_SUB(scratch[5], *Fout, scratch[1]);
    C_ADDTO(*Fout, scratch[1]);
    C_ADD(scratch[3], scratch[0], scratch[2]);
    C_SUB(scratch[4], scratch[0], scratch[2]);
    C_SUB(Fout[m2], *Fout, scratch[3]);
    tw1 += fstride;
    tw2 += fstride * 2;
    tw3 += fstride * 3;
    C_ADDTO(*Fout, scratch[3]);
    if (inverse) {
      Fout[m].r = scratch[5].r - scratch[4].i;
      Fout[m].i = scratch[5].i + scratch[4].r;
      Fout[m3].r = scratch[5].r + scratch[4].i;
      Fout[m3].i = scratch[5].i - scratch[4].r;
    } else {
      Fout[m].r = scratch[5].r + scratch[4].i;
      Fout[m].i = scratch[5].i - scratch[4].r;
      Fout[m3].r = scratch[5].r - scratch[4].i;
      Fout[m3].i = scratch[5].i + scratch[4].r;
    }
    ++Fout;
  } while (--k);
}
int main(void) {
  cpx buf[16], tw[16];
  for (int i = 0; i < 16; i++) {
    tw[i].r = (float)(i % 5) * 0.25f - 0.5f;
    tw[i].i = (float)(i % 3) * 0.5f;
  }
  for (int i = 0; i < 16; i++) {
    buf[i].r = (float)i;
    buf[i].i = (float)(16 - i) * 0.5f;
  }
  bfly3(buf, 1, tw, 4);
  bfly3(buf, 2, tw, 2);
  bfly3(buf, 1, tw, 1);
  bfly4(buf, 1, tw, 3, 0);
  bfly4(buf, 2, tw, 2, 1);
  bfly4(buf, 1, tw, 1, 0);
  for (int i = 0; i < 16; i++) printf("%g %g\n", buf[i].r, buf[i].i);
  return 0;
}
