/* hls/matmul_tb.cpp -- testbench of matmul.cpp: fixed matrices in, a checksum out. */
#include <cstdio>
#include "matmul.h"

int main() {
  static data_t a[N][N], b[N][N];
  static acc_t c[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = (i * 7 + j * 3) % 19 - 9;
      b[i][j] = (i * 5 + j * 13) % 23 - 11;
    }
  matmul(a, b, c);
  long long sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sum += (long long)c[i][j] * (i + 2 * j + 1);
  std::printf("checksum %lld\n", sum);
  return 0;
}
