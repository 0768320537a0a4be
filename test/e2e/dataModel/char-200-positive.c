/* (char)200 > 0: k = 4 where plain char is unsigned (ARM, -funsigned-char), 16 where signed */
int printf(const char *, ...);
static void window(int k, const double *in, double *out) {
  double t[64];
  for (int i = 0; i < 64; i++) {
    t[i] = in[i] * 2.0;
    if (i >= k) out[i] = t[i - k];
  }
}
int main(void) {
  double in[64], out[64] = {0};
  for (int i = 0; i < 64; i++) in[i] = i;
  window((char)200 > 0 ? 4 : 16, in, out);
  for (int i = 0; i < 64; i += 7) printf("%g\n", out[i]);
  return 0;
}
