/* beeclak fuzz kernel, seed 8005 */
#include <stdio.h>

#define N 2
#define M 2
#define IN_N 128
#define OUT_N 128

void kernel(const unsigned *in, unsigned *out)
{
  unsigned t0[N][5];
  unsigned t1[N][M];
  unsigned t2[N];
  t0[(int)(0)][4] = 0u;
  {
    signed char k = 0;
    while (k < N) {
      t0[(int)(0)][0 >= 3 ? 4 : 4] += in[k];
      k++;
    }
  }
  {
    int b = 0;
    while (b < N) {
      t2[b < 2 ? b : b] = 0u;
      b++;
    }
  }
  for (int i = 0; i < M; i++) {
    t1[0][i] = in[i + 3];
    t2[in[i + 2] % N] += in[3];
  }
  {
    unsigned char k_u = 1;
    while (k_u < N) {
      int k = (int)k_u;
      (void)k;
      for (int i = k; i < M; i++)
        t1[k == 0 ? k : k][i] = (0 >= 0 ? t1[k - 1][i - 1] : t1[k < 3 ? k - 1 : k - 1][i - 1]);
      k_u++;
    }
  }
}

int main(void)
{
  static unsigned in[IN_N];
  static unsigned out[OUT_N];
  unsigned s = 8005u;
  for (int k = 0; k < IN_N; k++) {
    s = s * 1103515245u + 12345u;
    in[k] = s >> 8;
  }
  kernel(in, out);
  unsigned h = 2166136261u;
  for (int k = 0; k < OUT_N; k++)
    h = (h ^ out[k]) * 16777619u;
  printf("checksum %u\n", h);
  return 0;
}
