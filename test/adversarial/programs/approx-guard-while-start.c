/* trap: a read under an always-true guard `i >= 0 ? t1[i][j] : t1[i][j]` in a while loop whose start is not affine; its never-taken branch's `-1 >= 0` emptied the over-approximated statement: its reads vanished and t1 was scalarized (fuzz seed 8126)
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: kernel:t1 contracted 3
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define M 2
static void kernel(const unsigned *in, unsigned *out)
{
  unsigned t1[M][M];
  for (int i = M - 1; i >= 0; i--)
    for (int j = i; j < M; j++)
      t1[i][j] = in[j + 3] >> 4;
  for (unsigned short j_u = 0; j_u < M; j_u++) {
    int j = (int)j_u;
    long i = j;
    while (i >= 0) {
      out[i + j + 2] += (i >= 0 ? t1[i][j] : t1[i][j]);
      i--;
    }
  }
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
