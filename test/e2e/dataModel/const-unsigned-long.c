/* const unsigned long M = -1: M % 7 is 1 where long is 64 bits, 3 where 32 */
int printf(const char *, ...);
static void window(const double *in, double *out) {
  const unsigned long M = -1;
  double t[64];
  for (int i = 0; i < 64; i++) {
    t[i] = in[i] * 2.0;
    if (i >= (int)(M % 7)) out[i] = t[i - (int)(M % 7)];
  }
}
int main(void) {
  double in[64], out[64] = {0};
  for (int i = 0; i < 64; i++) in[i] = i;
  window(in, out);
  printf("%g\n", out[63]);
  return 0;
}
