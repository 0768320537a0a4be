/* beeclak fuzz kernel, seed 8005 (instrumented: read-after-write and bounds checks) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 5
#define M 9
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
  unsigned t0[N][5];
  unsigned char t0_w[N][5];
  memset(t0_w, 0, sizeof t0_w);
  unsigned t1[N][M];
  unsigned char t1_w[N][M];
  memset(t1_w, 0, sizeof t1_w);
  unsigned t2[N];
  unsigned char t2_w[N];
  memset(t2_w, 0, sizeof t2_w);
  for (int r = 0; r < 2; r++) {
    for (int i = 1; i < N + 1; i++) {
      for (int j = 4; j >= 0; j--) {
        {
          t0[fz_idx(i - 1, N, __LINE__)][fz_idx(j, 5, __LINE__)] = 0u;
          t0_w[fz_idx(i - 1, N, __LINE__)][fz_idx(j, 5, __LINE__)] = 1;
        }
        for (int k = 0; k < N; k++) {
          {
            (void)fz_rd(t0_w[fz_idx(i - 1, N, __LINE__)][fz_idx(r >= 3 ? j : j, 5, __LINE__)], 0u, "t0", __LINE__);
            t0[fz_idx(i - 1, N, __LINE__)][fz_idx(r >= 3 ? j : j, 5, __LINE__)] += ((in[fz_idx(k, IN_N, __LINE__)] + in[fz_idx(i + 3, IN_N, __LINE__)]) ^ 2u);
            t0_w[fz_idx(i - 1, N, __LINE__)][fz_idx(r >= 3 ? j : j, 5, __LINE__)] = 1;
          }
        }
      }
    }
  }
  for (int b = 0; b < N; b++) {
    {
      t2[fz_idx(b < 2 ? b : b, N, __LINE__)] = 0u;
      t2_w[fz_idx(b < 2 ? b : b, N, __LINE__)] = 1;
    }
  }
  for (int i = 0; i < M; i++) {
    {
      t1[fz_idx(0, N, __LINE__)][fz_idx(i, M, __LINE__)] = in[fz_idx(i + 3, IN_N, __LINE__)];
      t1_w[fz_idx(0, N, __LINE__)][fz_idx(i, M, __LINE__)] = 1;
    }
    {
      (void)fz_rd(t2_w[fz_idx(in[fz_idx(i + 2, IN_N, __LINE__)] % N, N, __LINE__)], 0u, "t2", __LINE__);
      t2[fz_idx(in[fz_idx(i + 2, IN_N, __LINE__)] % N, N, __LINE__)] += (in[fz_idx(3, IN_N, __LINE__)] - (unsigned)i);
      t2_w[fz_idx(in[fz_idx(i + 2, IN_N, __LINE__)] % N, N, __LINE__)] = 1;
    }
  }
  for (int i = N - 1; i >= 0; i--) {
    for (int j = 4; j >= 0; j--) {
      out[fz_idx(i + j + 2, OUT_N, __LINE__)] += ((i == 3 ? fz_rd(t0_w[fz_idx(i, N, __LINE__)][fz_idx(j, 5, __LINE__)], t0[fz_idx(i, N, __LINE__)][fz_idx(j, 5, __LINE__)], "t0", __LINE__) : fz_rd(t0_w[fz_idx(i, N, __LINE__)][fz_idx(j, 5, __LINE__)], t0[fz_idx(i, N, __LINE__)][fz_idx(j, 5, __LINE__)], "t0", __LINE__)) + (unsigned)j);
    }
  }
  for (int r = 0; r < 2; r++) {
    for (int k = 1; k < N; k++) {
      for (int i = k; i < M; i++) {
        {
          t1[fz_idx(k == 0 ? k : k, N, __LINE__)][fz_idx(i, M, __LINE__)] = ((r >= 0 ? fz_rd(t1_w[fz_idx(k - 1, N, __LINE__)][fz_idx(i - 1, M, __LINE__)], t1[fz_idx(k - 1, N, __LINE__)][fz_idx(i - 1, M, __LINE__)], "t1", __LINE__) : fz_rd(t1_w[fz_idx(k < 3 ? k - 1 : k - 1, N, __LINE__)][fz_idx(i - 1, M, __LINE__)], t1[fz_idx(k < 3 ? k - 1 : k - 1, N, __LINE__)][fz_idx(i - 1, M, __LINE__)], "t1", __LINE__)) | (r == 1 ? fz_rd(t1_w[fz_idx(k - 1, N, __LINE__)][fz_idx(i, M, __LINE__)], t1[fz_idx(k - 1, N, __LINE__)][fz_idx(i, M, __LINE__)], "t1", __LINE__) : fz_rd(t1_w[fz_idx(k >= 3 ? k - 1 : k - 1, N, __LINE__)][fz_idx(r >= 1 ? i : i, M, __LINE__)], t1[fz_idx(k >= 3 ? k - 1 : k - 1, N, __LINE__)][fz_idx(r >= 1 ? i : i, M, __LINE__)], "t1", __LINE__)));
          t1_w[fz_idx(k == 0 ? k : k, N, __LINE__)][fz_idx(i, M, __LINE__)] = 1;
        }
      }
    }
  }
  for (int b = 0; b < N; b++) {
    out[fz_idx(b + 4, OUT_N, __LINE__)] += fz_rd(t2_w[fz_idx(b, N, __LINE__)], t2[fz_idx(b, N, __LINE__)], "t2", __LINE__);
  }
  for (int r = 0; r < 2; r++) {
    for (int i = N - 1; i < M; i++) {
      out[fz_idx(i + 1, OUT_N, __LINE__)] ^= (i <= 2 ? fz_rd(t1_w[fz_idx(N - 1, N, __LINE__)][fz_idx(i, M, __LINE__)], t1[fz_idx(N - 1, N, __LINE__)][fz_idx(i, M, __LINE__)], "t1", __LINE__) : fz_rd(t1_w[fz_idx(r < 3 ? N - 1 : N - 1, N, __LINE__)][fz_idx(i, M, __LINE__)], t1[fz_idx(r < 3 ? N - 1 : N - 1, N, __LINE__)][fz_idx(i, M, __LINE__)], "t1", __LINE__));
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
