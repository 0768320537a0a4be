/* hls/fir_tb.cpp -- testbench of fir.cpp: a fixed block of samples in, the outputs printed. */
#include <cstdio>
#include "fir.h"

int main() {
  hls::stream<sample_t> in;
  hls::stream<acc_t> out;
  for (int n = 0; n < LEN; n++) in.write(sample_t(((n * 37) % 29 - 14) / 8.0));
  fir(in, out);
  double sum = 0;
  int count = 0;
  while (!out.empty()) {
    double v = out.read().to_double();
    sum += v * (count % 3 + 1);
    count++;
  }
  std::printf("%d outputs, checksum %.6f\n", count, sum);
  return 0;
}
