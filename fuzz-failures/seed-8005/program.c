/* beeclak fuzz kernel, seed 8005 */
#include <stdio.h>

#define N 5
#define M 9
#define IN_N 128
#define OUT_N 128

void kernel(const unsigned *in, unsigned *out)
{
  unsigned t0[N][5];
  unsigned t1[N][M];
  unsigned t2[N];
  for (int r = 0; r < 2; r++) {
    for (int i = 1; i < N + 1; i++) {
      for (int j = 4; j >= 0; j--) {
        t0[(int)(i - 1)][j] = 0u;
        {
          signed char k = 0;
          while (k < N) {
            t0[(int)(i - 1)][r >= 3 ? j : j] += ((in[k] + in[i + 3]) ^ 2u);
            k++;
          }
        }
      }
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
    t2[in[i + 2] % N] += (in[3] - (unsigned)i);
  }
  {
    int i = N - 1;
    while (i >= 0) {
      {
        int j = 4;
        while (j >= 0) {
          out[i + j + 2] += ((i == 3 ? t0[(int)(i)][j] : t0[(int)(i)][j]) + (unsigned)j);
          j--;
        }
      }
      i--;
    }
  }
  for (int r = 0; r < 2; r++) {
    {
      unsigned char k_u = 1;
      while (k_u < N) {
        int k = (int)k_u;
        (void)k;
        for (int i = k; i < M; i++)
          t1[k == 0 ? k : k][i] = ((r >= 0 ? t1[k - 1][i - 1] : t1[k < 3 ? k - 1 : k - 1][i - 1]) | (r == 1 ? t1[k - 1][i] : t1[k >= 3 ? k - 1 : k - 1][r >= 1 ? i : i]));
        k_u++;
      }
    }
  }
  for (int b = 0; b < N; b++)
    out[b + 4] += t2[b];
  {
    int r = 0;
    while (r < 2) {
      for (int i = N - 1; i < M; i++)
        out[i + 1] ^= (i <= 2 ? t1[N - 1][(unsigned char)(i)] : t1[r < 3 ? N - 1 : N - 1][(unsigned char)(i)]);
      r++;
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
