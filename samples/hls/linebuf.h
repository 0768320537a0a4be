/* hls/linebuf.h -- sizes and top function of linebuf.cpp (shared with its testbench). */
#ifndef LINEBUF_H
#define LINEBUF_H
#include "ap_int.h"

#define H 64
#define W 256

typedef ap_uint<8> pix_t;

void blur(const pix_t in[H][W], pix_t out[H][W]);

#endif
