/* -1L < 1u decides the window of a file-scope array: no guard in g() can keep it right elsewhere */
int printf(const char *, ...);
static double t[64];
static void g(const double *in, double *out) {
  for (int i = 0; i < 64; i++) {
    t[i] = in[i] * 2.0;
    if (-1L < 1u) { if (i >= 1) out[i] = t[i - 1]; } else { if (i >= 8) out[i] = t[i - 8]; }
  }
}
int main(void) {
  double in[64], out[64] = {0};
  for (int i = 0; i < 64; i++) in[i] = i;
  g(in, out);
  printf("%g\n", out[63]);
  return 0;
}
