/* beeclak fuzz kernel, seed 8126 */
#include <stdio.h>

#define N 12
#define M 2
#define IN_N 128
#define OUT_N 128

void kernel(const unsigned *in, unsigned *out)
{
  unsigned t0[M * M];
  unsigned t1[M][M];
  unsigned t2[M][N];
  unsigned t3[N + M - 1];
  for (int i = M - 1; i >= 0; i--) {
    for (int j = i; j < M; j++)
      t0[((i)) * M + (j)] = ((in[i + j + 3] + 17u) * 3u);
  }
  for (int i = M - 1; i >= 0; i--) {
    for (int j = i; j < M; j++)
      t1[i][j == 2 ? j : j] = (in[j + 3] >> 4);
  }
  {
    unsigned r_u = 0;
    while (r_u < 2) {
      int r = (int)r_u;
      (void)r;
      for (unsigned char i_u = 0; i_u < N; i_u++) {
        int i = (int)i_u;
        (void)i;
        for (int j = 0; j < M; j++)
          t3[i + j] = ((in[3] - 55u) >> 7);
      }
      r_u++;
    }
  }
  {
    int i = 0;
    while (i < N) {
      t2[0][i >= 1 ? i : i] = in[i + 3];
      i++;
    }
  }
  for (unsigned short j_u = 0; j_u < M; j_u++) {
    int j = (int)j_u;
    (void)j;
    {
      int i = j;
      while (i >= 0) {
        out[i + j + 3] ^= (t0[((i < 2 ? i : i)) * M + (j)] | in[3]);
        i--;
      }
    }
    {
      long i = j;
      while (i >= 0) {
        out[i + j + 2] += (i >= 0 ? t1[i][j] : t1[i][j]);
        i--;
      }
    }
  }
  for (int i = 0; i < N; i++) {
    for (signed char j = 0; j < M; j++)
      out[j + i + 2] += ((i >= 2 ? t3[i < 0 ? i + j : i + j] : t3[i + j]) * 31u);
  }
  for (short k = 1; k < M; k++) {
    for (short i = k; i < N; i++)
      t2[k][i] = ((k < 0 ? t2[i > 2 ? k - 1 : k - 1][(size_t)(i)] : t2[k - 1][(size_t)(i)]) + t2[k - 1][k <= 0 ? i - 1 : i - 1]);
  }
  {
    unsigned char i_u = M - 1;
    while (i_u < N) {
      int i = (int)i_u;
      (void)i;
      out[i + 4] ^= t2[M - 1][i];
      i_u++;
    }
  }
}

int main(void)
{
  static unsigned in[IN_N];
  static unsigned out[OUT_N];
  unsigned s = 8126u;
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
