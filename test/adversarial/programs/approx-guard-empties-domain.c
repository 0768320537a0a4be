/* trap: an earlier block's k makes the inner loop's bound unreadable; the over-approximated statement's domain, bounded by its accesses staying in t1, took a never-true guard's `-1 >= 0` too and vanished with its writes: t1 was scalarized (fuzz seed 8005)
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: kernel:t1 unchanged [no-saving]
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 5
#define M 9
static void kernel(const unsigned *in, unsigned *out)
{
  unsigned t1[N][M];
  for (int r = 0; r < 2; r++) {
    signed char k = 0;
    while (k < N) {
      out[k + 20] += in[k];
      k++;
    }
  }
  for (int i = 0; i < M; i++)
    t1[0][i] = in[i + 3];
  for (int r = 0; r < 2; r++) {
    unsigned char k_u = 1;
    while (k_u < N) {
      int k = (int)k_u;
      for (int i = k; i < M; i++)
        t1[k][i] = (r >= 0 ? t1[k - 1][i - 1] : t1[k - 1][i - 1]) | t1[k - 1][i];
      k_u++;
    }
  }
  for (int i = N - 1; i < M; i++)
    out[i + 1] ^= t1[N - 1][i];
}

int main(void)
{
  unsigned in[128], out[128] = {0};
  for (int i = 0; i < 128; i++)
    in[i] = (unsigned)i * 2654435761u;
  kernel(in, out);
  unsigned s = 0;
  for (int i = 0; i < 128; i++)
    s = s * 31u + out[i];
  printf("checksum %u\n", s);
  return 0;
}
