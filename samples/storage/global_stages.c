/* One file-scope scratch matrix shared by two stages called in sequence: each writes every
   cell it reads within its call, neither calls the other. One mapping serves both (chosen on
   the union of their conflict sets): 64 KiB of .bss becomes 512 bytes. */
#include <stdio.h>
#define N 128

static float work[N][N];

static float rows_stage(const float *x) {
  float s = 0;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) work[i][j] = x[(i + j) % 32] * 0.5f;
    for (int j = 0; j < N; j++) s += work[i][j] * (float)(j + 1);
  }
  return s;
}

static float columns_stage(const float *x) {
  float s = 0;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) work[j][i] = x[(i * 3 + j) % 32] + 1.0f;
    for (int j = 0; j < N; j++) s += work[j][i];
  }
  return s;
}

int main(void) {
  float x[32];
  for (int i = 0; i < 32; i++) x[i] = (float)(i % 5) - 2.0f;
  printf("checksum %.2f %.2f\n", rows_stage(x), columns_stage(x));
  return 0;
}
