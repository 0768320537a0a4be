/* trap: moduli known only at run time (a lag m with m <= k / 2 and m <= 63 by the VLAs z, w, y) make a declaration a VLA, which C allows only for an automatic array without initializer: `static double u[128]` became `static double u[m + 1]` (no build) and `double v[128] = { 0 }` stopped the rewrite with an internal error; t, a plain automatic array, becomes t[m + 1]
   expect: lag:t contracted (m + 1)
   expect: lag:u rejected [unbounded] -- static
   expect: lag:v rejected [unbounded] -- initialized
   expect: lag:z unchanged
   expect: lag:w unchanged
   expect: lag:y unchanged
   expect: lag:in unchanged
   expect: main:in unchanged */
#include <stdio.h>
double lag(int k, int m, const double *in) {
  char z[m + 1];
  char w[k - 2 * m + 1];
  char y[64 - m];
  double t[128];
  static double u[128];
  double v[128] = { 0 };
  double s = 0;
  for (int i = 0; i <= m; i++) z[i] = (char)(i & 3);
  for (int i = 0; i <= k - 2 * m; i++) w[i] = (char)(i & 7);
  for (int i = 0; i < 64 - m; i++) y[i] = (char)(i & 1);
  for (int i = 0; i < 128; i++) {
    t[i] = in[i % 32] + 1.0;
    u[i] = in[i % 32] + 2.0;
    v[i] = in[i % 32] + 3.0;
    if (i >= m) s += t[i - m] * i + u[i - m] + v[i - m];
  }
  for (int i = 0; i <= m; i++) s += z[i] * 2;
  for (int i = 0; i <= k - 2 * m; i++) s += w[i];
  for (int i = 0; i < 64 - m; i++) s += y[i] * 3;
  return s;
}
int main(void) {
  double in[32];
  for (int i = 0; i < 32; i++) in[i] = i;
  for (int k = 0; k < 140; k += 7) printf("%d %.1f\n", k, lag(k, k / 3 < 63 ? k / 3 : 63, in));
  return 0;
}
