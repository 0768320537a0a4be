/* 4294967295UL + 2UL: 4294967297 in LP64, 1 in ILP32 (unsigned long wraps at 2^32) */
int printf(const char *, ...);
static void g(const double *in, double *out) {
  double t[64];
  for (int i = 0; i < 64; i++) {
    t[i] = in[i] * 2.0;
    if (4294967295UL + 2UL > 8) {
      if (i >= 1) out[i] = t[i - 1];
    } else {
      if (i >= 8) out[i] = t[i - 8];
    }
  }
}
int main(void) {
  double in[64], out[64] = {0};
  for (int i = 0; i < 64; i++) in[i] = i;
  g(in, out);
  printf("%g\n", out[63]);
  return 0;
}
