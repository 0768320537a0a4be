/* (char)200 > 0 folded where plain char is unsigned (k = 2), data-dependent where signed */
int printf(const char *, ...);
static void window(const double *in, double *out) {
  double t[64];
  for (int i = 0; i < 64; i++) {
    t[i] = in[i] * 2.0;
    if ((char)200 > 0) { if (i >= 2) out[i] = t[i - 2]; }
    else { if (i >= 9) out[i] = t[i - 9]; }
  }
}
int main(void) {
  double in[64], out[64] = {0};
  for (int i = 0; i < 64; i++) in[i] = i;
  window(in, out);
  printf("%g %g\n", out[63], out[20]);
  return 0;
}
