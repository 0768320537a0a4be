/* hls/linebuf_tb.cpp -- testbench of linebuf.cpp: a fixed frame in, a checksum out. */
#include <cstdio>
#include "linebuf.h"

int main() {
  static pix_t in[H][W], out[H][W];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) in[y][x] = (y * 37 + x * 11) % 251;
  blur(in, out);
  long sum = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) sum += (long)out[y][x] * ((y + x) % 5 + 1);
  std::printf("checksum %ld\n", sum);
  return 0;
}
