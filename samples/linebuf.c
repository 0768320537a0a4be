/*
 * linebuf.c -- fused producer / consumer through a line buffer: row y of the
 * temporary image tmp is produced, then (from y = 2 on) output row y-1 is
 * computed by a vertical 3-tap stencil over tmp rows y-2, y-1, y.
 *
 * Expected result per array (H = W = 64), differences [a, b] of tmp[y][x]:
 *   tmp[H][W]   candidate. 4096 cells. tmp[y][x] is written in iteration y
 *               and last read in iteration y+2 (after the whole row y+2 has
 *               been produced), so rows y-2, y-1, y are live together.
 *               DS = { [a, b] : -2 <= a <= 2 and -(W-1) <= b <= W-1 }.
 *               (y mod 3, x) = 3 * 64 = 192 cells = maxLive, hence optimal.
 *   main: in, out are passed to kernel: not candidates.
 */
#include <stdio.h>

#ifndef H
#define H 64
#endif
#ifndef W
#define W 64
#endif

static void kernel_linebuf(double in[H][W], double out[H][W])
{
    double tmp[H][W];
    int x, y;

    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++)
            tmp[y][x] = in[y][x] * 3.0 + 1.0;
        if (y >= 2)
            for (x = 0; x < W; x++)
                out[y - 1][x] = tmp[y - 2][x] + 2.0 * tmp[y - 1][x] + tmp[y][x];
    }
}

int main(void)
{
    static double in[H][W], out[H][W];
    double checksum = 0.0;
    int x, y;

    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            in[y][x] = ((y * 7 + x * 3) % 19) * 0.5;
            out[y][x] = 0.0;
        }
    kernel_linebuf(in, out);
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++)
            checksum += out[y][x] * ((x + y) % 5 + 1);
    printf("checksum %.6f\n", checksum);
    return 0;
}
