/*
 * hls/matmul.cpp -- a matrix product with a bias, written naively: the products go into a
 * full N x N temporary before the bias is added. Each row of `prod` is consumed right after
 * it is computed, so `beeclak contract --hls` folds it to one row (`prod[N]`), and its
 * `complete dim=2` partition is renumbered to dim=1. Testbench: matmul_tb.cpp.
 */
#include "matmul.h"

static data_t bias(int i, int j) { return (data_t)(i - j); }

void matmul(const data_t a[N][N], const data_t b[N][N], acc_t c[N][N]) {
  acc_t prod[N][N]; // full-size temporary
#pragma HLS ARRAY_PARTITION variable = prod complete dim = 2
row:
  for (int i = 0; i < N; i++) {
  col:
    for (int j = 0; j < N; j++) {
#pragma HLS PIPELINE II = 1
      acc_t sum = 0;
      for (int k = 0; k < N; k++)
        sum += a[i][k] * b[k][j];
      prod[i][j] = sum;
    }
  add:
    for (int j = 0; j < N; j++)
      c[i][j] = prod[i][j] + bias(i, j);
  }
}
