/* trap: K % 7 is 1 where long has 64 bits, 3 where 32 (-m32): the contracted body would run
   only under if (sizeof(long) == 8), the original body otherwise, on main.c's buffer, which
   a shrink in main.c would have made too small for it
   build also: -m32
   expect: window:t unchanged [data-model-dependent]
   expect: window:in unchanged
   expect: window:out unchanged
*/
void window(double t[64], const double *in, double *out) {
  const unsigned long K = -1;
  for (int i = 0; i < 64; i++) {
    t[i] = in[i] * 2.0;
    if (i >= (int)(K % 7)) out[i] = t[i - (int)(K % 7)];
  }
}
