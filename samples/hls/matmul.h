/* hls/matmul.h -- sizes, types and top function of matmul.cpp (shared with its testbench). */
#ifndef MATMUL_H
#define MATMUL_H
#include "ap_int.h"

#define N 16

typedef ap_int<16> data_t;
typedef ap_int<40> acc_t;

void matmul(const data_t a[N][N], const data_t b[N][N], acc_t c[N][N]);

#endif
