/* 12 - sizeof(void *): k = 4 in LP64, 8 in ILP32 */
int printf(const char *, ...);
static void g(int k, const double *in, double *out) {
  double t[64];
  for (int i = 0; i < 64; i++) {
    t[i] = in[i] * 2.0;
    if (i >= k) out[i] = t[i - k];
  }
}
int main(void) {
  double in[64], out[64] = {0};
  for (int i = 0; i < 64; i++) in[i] = i;
  g(12 - sizeof(void *), in, out);
  printf("%g\n", out[63]);
  return 0;
}
