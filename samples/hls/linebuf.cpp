/*
 * hls/linebuf.cpp -- a 3x3 box filter as first written for an HLS tool: the whole frame is
 * kept in `rows`, partitioned on its rows so that the three rows of the window are read in
 * one cycle (II=1). Only three rows (and three pixels) are ever live: `beeclak contract --hls`
 * keeps the partitioned dimension as an axis, folded to 4 rows (`rows[y & 3]`), rather than
 * the skewed one-dimensional fold of the same size that would mix it with the columns and
 * lose the pragma; the partition becomes `complete` (a factor of 3 on 4 rows would put two
 * of the window's rows in one bank). On chip: 9 block RAMs (3 banks of 22 rows) become 4
 * (one per row). Testbench: linebuf_tb.cpp.
 */
#include "linebuf.h"

void blur(const pix_t in[H][W], pix_t out[H][W]) {
#pragma HLS INTERFACE m_axi port = in bundle = gmem
#pragma HLS INTERFACE m_axi port = out bundle = gmem
  pix_t rows[H][W]; // the frame, of which the window needs three rows
#pragma HLS ARRAY_PARTITION variable = rows cyclic factor = 3 dim = 1
rows_loop:
  for (int y = 0; y < H; y++) {
  cols_loop:
    for (int x = 0; x < W; x++) {
#pragma HLS PIPELINE II = 1
      rows[y][x] = in[y][x];
      if (y >= 2 && x >= 2) {
        int sum = 0;
        for (int dy = 0; dy < 3; dy++)
          for (int dx = 0; dx < 3; dx++)
            sum += rows[y - dy][x - dx];
        out[y - 1][x - 1] = sum / 9;
      }
    }
  }
}
