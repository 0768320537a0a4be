/*
 * hls/fir.cpp -- a FIR filter on a stream of fixed-point samples, written with a buffer for
 * the whole block: `x[LEN]` keeps every sample, though the filter reads only the last TAPS.
 * `beeclak contract --hls` folds it to TAPS cells (`x[n & 3]`), kept completely partitioned;
 * the streams are objects the analysis leaves alone. Testbench: fir_tb.cpp.
 */
#include "fir.h"

void fir(hls::stream<sample_t> &in, hls::stream<acc_t> &out) {
#pragma HLS INTERFACE axis port = in
#pragma HLS INTERFACE axis port = out
  static const sample_t coef[TAPS] = {0.25, 0.5, -0.125, 0.0625};
  sample_t x[LEN]; // the block's samples, of which the filter reads the last TAPS
#pragma HLS ARRAY_PARTITION variable = x complete dim = 1
samples:
  for (int n = 0; n < LEN; n++) {
#pragma HLS PIPELINE II = 1
    x[n] = in.read();
    if (n >= TAPS - 1) {
      acc_t acc = 0;
    taps:
      for (int t = 0; t < TAPS; t++)
        acc += coef[t] * x[n - t];
      out.write(acc);
    }
  }
}
