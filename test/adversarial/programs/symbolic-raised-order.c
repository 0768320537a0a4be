/* trap: codec2's Levinson-Durbin with its order known only at run time: a[order + 1][order + 1]
   keeps two rows, the row modulus raised to 2 where DS holds only d = 0 (order 0: two rows for
   one, a constant more than the extent, which the check of growing moduli allows); run at
   orders 0 to 12
   expect: levinson_durbin:a contracted 2*(order + 1) -- a[2][order + 1], a[i % 2][j]
   expect: levinson_durbin:R unchanged
   expect: levinson_durbin:lpcs unchanged
   expect: main:R unchanged
   expect: main:l unchanged */
#include <stdio.h>
void levinson_durbin(float R[], float lpcs[], int order) {
  float a[order + 1][order + 1];
  float sum, e, k;
  int i, j;
  e = R[0];
  for (i = 1; i <= order; i++) {
    sum = 0.0;
    for (j = 1; j <= i - 1; j++) sum += a[i - 1][j] * R[i - j];
    k = -1.0 * (R[i] + sum) / e;
    if (k > 1.0) k = 0.0;
    a[i][i] = k;
    for (j = 1; j <= i - 1; j++) a[i][j] = a[i - 1][j] + k * a[i - 1][i - j];
    e *= (1 - k * k);
  }
  for (i = 1; i <= order; i++) lpcs[i] = a[order][i];
  lpcs[0] = 1.0;
}
int main(void) {
  float R[13], l[13];
  for (int i = 0; i < 13; i++) R[i] = 1.0f / (i + 1) + (i % 3) * 0.01f;
  for (int order = 0; order <= 12; order++) {
    levinson_durbin(R, l, order);
    for (int i = 0; i <= order; i++) printf("%d %d %.6g\n", order, i, l[i]);
  }
  return 0;
}
