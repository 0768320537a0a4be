/* (size_t)-1 > 4294967295u: true where size_t is 64 bits (k = 2), false where 32 (k = 7) */
int printf(const char *, ...);
typedef __SIZE_TYPE__ size_t;
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
  window((size_t)-1 > 4294967295u ? 2 : 7, in, out);
  printf("%g\n", out[63]);
  return 0;
}
