/* hls/fir.h -- sizes, types and top function of fir.cpp (shared with its testbench). */
#ifndef FIR_H
#define FIR_H
#include "ap_fixed.h"
#include "hls_stream.h"

#define LEN 64
#define TAPS 4

typedef ap_fixed<16, 4> sample_t;
typedef ap_fixed<24, 8> acc_t;

void fir(hls::stream<sample_t> &in, hls::stream<acc_t> &out);

#endif
