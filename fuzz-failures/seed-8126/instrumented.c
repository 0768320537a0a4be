/* beeclak fuzz kernel, seed 8126 (instrumented: read-after-write and bounds checks) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 12
#define M 2
#define IN_N 128
#define OUT_N 128

static inline int fz_idx(long e, long n, int line)
{
  if (e < 0 || e >= n) {
    fprintf(stderr, "fuzz-check: index %ld outside [0, %ld) at line %d\n", e, n, line);
    abort();
  }
  return (int)e;
}

static inline unsigned fz_rd(unsigned char written, unsigned value, const char *name, int line)
{
  if (!written) {
    fprintf(stderr, "fuzz-check: read of unwritten %s cell at line %d\n", name, line);
    abort();
  }
  return value;
}

void kernel(const unsigned *in, unsigned *out)
{
  unsigned t0[M][M];
  unsigned char t0_w[M][M];
  memset(t0_w, 0, sizeof t0_w);
  unsigned t1[M][M];
  unsigned char t1_w[M][M];
  memset(t1_w, 0, sizeof t1_w);
  unsigned t2[M][N];
  unsigned char t2_w[M][N];
  memset(t2_w, 0, sizeof t2_w);
  unsigned t3[N + M - 1];
  unsigned char t3_w[N + M - 1];
  memset(t3_w, 0, sizeof t3_w);
  for (int i = M - 1; i >= 0; i--) {
    for (int j = i; j < M; j++) {
      {
        t0[fz_idx(i, M, __LINE__)][fz_idx(j, M, __LINE__)] = ((in[fz_idx(i + j + 3, IN_N, __LINE__)] + 17u) * 3u);
        t0_w[fz_idx(i, M, __LINE__)][fz_idx(j, M, __LINE__)] = 1;
      }
    }
  }
  for (int i = M - 1; i >= 0; i--) {
    for (int j = i; j < M; j++) {
      {
        t1[fz_idx(i, M, __LINE__)][fz_idx(j == 2 ? j : j, M, __LINE__)] = (in[fz_idx(j + 3, IN_N, __LINE__)] >> 4);
        t1_w[fz_idx(i, M, __LINE__)][fz_idx(j == 2 ? j : j, M, __LINE__)] = 1;
      }
    }
  }
  for (int r = 0; r < 2; r++) {
    for (int i = 0; i < N; i++) {
      for (int j = 0; j < M; j++) {
        {
          t3[fz_idx(i + j, N + M - 1, __LINE__)] = ((in[fz_idx(3, IN_N, __LINE__)] - 55u) >> 7);
          t3_w[fz_idx(i + j, N + M - 1, __LINE__)] = 1;
        }
      }
    }
  }
  for (int i = 0; i < N; i++) {
    {
      t2[fz_idx(0, M, __LINE__)][fz_idx(i >= 1 ? i : i, N, __LINE__)] = in[fz_idx(i + 3, IN_N, __LINE__)];
      t2_w[fz_idx(0, M, __LINE__)][fz_idx(i >= 1 ? i : i, N, __LINE__)] = 1;
    }
  }
  for (int j = 0; j < M; j++) {
    for (int i = j; i >= 0; i--) {
      out[fz_idx(i + j + 3, OUT_N, __LINE__)] ^= (fz_rd(t0_w[fz_idx(i < 2 ? i : i, M, __LINE__)][fz_idx(j, M, __LINE__)], t0[fz_idx(i < 2 ? i : i, M, __LINE__)][fz_idx(j, M, __LINE__)], "t0", __LINE__) | in[fz_idx(3, IN_N, __LINE__)]);
    }
    for (int i = j; i >= 0; i--) {
      out[fz_idx(i + j + 2, OUT_N, __LINE__)] += (i >= 0 ? fz_rd(t1_w[fz_idx(i, M, __LINE__)][fz_idx(j, M, __LINE__)], t1[fz_idx(i, M, __LINE__)][fz_idx(j, M, __LINE__)], "t1", __LINE__) : fz_rd(t1_w[fz_idx(i, M, __LINE__)][fz_idx(j, M, __LINE__)], t1[fz_idx(i, M, __LINE__)][fz_idx(j, M, __LINE__)], "t1", __LINE__));
    }
  }
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++) {
      out[fz_idx(j + i + 2, OUT_N, __LINE__)] += ((i >= 2 ? fz_rd(t3_w[fz_idx(i < 0 ? i + j : i + j, N + M - 1, __LINE__)], t3[fz_idx(i < 0 ? i + j : i + j, N + M - 1, __LINE__)], "t3", __LINE__) : fz_rd(t3_w[fz_idx(i + j, N + M - 1, __LINE__)], t3[fz_idx(i + j, N + M - 1, __LINE__)], "t3", __LINE__)) * 31u);
    }
  }
  for (int k = 1; k < M; k++) {
    for (int i = k; i < N; i++) {
      {
        t2[fz_idx(k, M, __LINE__)][fz_idx(i, N, __LINE__)] = ((k < 0 ? fz_rd(t2_w[fz_idx(i > 2 ? k - 1 : k - 1, M, __LINE__)][fz_idx(i, N, __LINE__)], t2[fz_idx(i > 2 ? k - 1 : k - 1, M, __LINE__)][fz_idx(i, N, __LINE__)], "t2", __LINE__) : fz_rd(t2_w[fz_idx(k - 1, M, __LINE__)][fz_idx(i, N, __LINE__)], t2[fz_idx(k - 1, M, __LINE__)][fz_idx(i, N, __LINE__)], "t2", __LINE__)) + fz_rd(t2_w[fz_idx(k - 1, M, __LINE__)][fz_idx(k <= 0 ? i - 1 : i - 1, N, __LINE__)], t2[fz_idx(k - 1, M, __LINE__)][fz_idx(k <= 0 ? i - 1 : i - 1, N, __LINE__)], "t2", __LINE__));
        t2_w[fz_idx(k, M, __LINE__)][fz_idx(i, N, __LINE__)] = 1;
      }
    }
  }
  for (int i = M - 1; i < N; i++) {
    out[fz_idx(i + 4, OUT_N, __LINE__)] ^= fz_rd(t2_w[fz_idx(M - 1, M, __LINE__)][fz_idx(i, N, __LINE__)], t2[fz_idx(M - 1, M, __LINE__)][fz_idx(i, N, __LINE__)], "t2", __LINE__);
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
