/* beeclak fuzz kernel, seed 8126 */
#include <stdio.h>

#define N 2
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
      t0[((i)) * M + (j)] = in[i + j + 3];
  }
  for (int i = M - 1; i >= 0; i--) {
    for (int j = i; j < M; j++)
      t1[i][j == 2 ? j : j] = in[j + 3];
  }
  t3[0] = in[3];
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
        out[i + j + 3] ^= t0[((i < 2 ? i : i)) * M + (j)];
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
  out[2] += t3[0 < 0 ? 0 : 0];
  t2[1][1] = t2[1 > 2 ? 0 : 0][(size_t)(1)];
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
