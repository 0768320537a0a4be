/*
 * hls.c -- an HLS-style kernel: comments, object-like and function-like
 * macros (MIN in loop bounds, W_AT in subscripts), #pragma HLS lines inside
 * the loops, a tiled loop with a MIN upper bound, and #pragma scop / endscop
 * around the analysable region (every access to tile and win is inside it).
 * The rewriter must keep all of it (pragmas, comments, macros, layout)
 * around the rewritten accesses.
 *
 * Expected result per array (N = 100, BS = 16, TAPS = 4):
 *   tile[N]              candidate. 100 cells. Tile ii .. min(ii+BS, N)-1 is
 *                        fully produced, then consumed (tile[ii] is read by
 *                        every consumer iteration), before the next tile.
 *                        DS = { [a] : -(BS-1) <= a <= BS-1 } -> (i mod 16) =
 *                        16 cells = maxLive; optimal.
 *   win[N + TAPS - 1]    candidate. 103 cells. A sliding window: iteration i
 *                        writes win[i + TAPS - 1] then reads win[i .. i+TAPS-1].
 *                        DS = { [a] : -(TAPS-1) <= a <= TAPS-1 } ->
 *                        (c mod 4) = 4 cells; optimal.
 *   coef[TAPS]           local static const table: not a candidate (static).
 *   main: in, out are passed to kernel: not candidates.
 */
#include <stdio.h>

/* host compilers do not know the HLS pragmas */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#ifndef N
#define N 100
#endif
#define BS 16   /* tile size */
#define TAPS 4  // filter length
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define W_AT(i, t) ((i) + (t))

static void kernel_hls(const int in[N], int out[N])
{
#pragma HLS inline off
    static const int coef[TAPS] = {1, 3, 3, 1};
    int tile[N];            /* per-tile scratch pad */
    int win[N + TAPS - 1];  // shift register, TAPS - 1 zeros in front
    int ii, i, t, s;

#pragma scop
    /* stage 1: tiled producer / consumer */
    for (ii = 0; ii < N; ii += BS) {
        for (i = ii; i < MIN(ii + BS, N); i++) {
#pragma HLS pipeline II = 1
            tile[i] = in[i] * 3 + 1; // produce
        }
        for (i = ii; i < MIN(ii + BS, N); i++) {
#pragma HLS unroll factor = 2
            out[i] = tile[i] - tile[ii]; /* consume: tile[ii] stays live */
        }
    }

    /* stage 2: FIR filter through a window buffer */
    for (t = 0; t < TAPS - 1; t++)
        win[t] = 0;
    for (i = 0; i < N; i++) {
#pragma HLS pipeline II = 1
        win[W_AT(i, TAPS - 1)] = in[i];
        s = 0;
        for (t = 0; t < TAPS; t++)
            s += win[W_AT(i, t)] * coef[t];
        out[i] += s;
    }
#pragma endscop
}

int main(void)
{
    int in[N], out[N];
    long checksum = 0;
    int i;

    for (i = 0; i < N; i++)
        in[i] = (i * 23 + 7) % 41 - 20;
    kernel_hls(in, out);
    for (i = 0; i < N; i++)
        checksum += (long)out[i] * ((i % 6) + 1);
    printf("checksum %ld\n", checksum);
    return 0;
}
