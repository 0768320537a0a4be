/*
 * folded/linebuf.c -- samples/linebuf.c contracted by hand as its analysis
 * says: tmp[y][x] -> tmp[y % 3][x], declared tmp[3][W] (3 rows = maxLive).
 * Must print exactly the checksum of samples/linebuf.c.
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
    double tmp[3][W];
    int x, y;

    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++)
            tmp[y % 3][x] = in[y][x] * 3.0 + 1.0;
        if (y >= 2)
            for (x = 0; x < W; x++)
                out[y - 1][x] = tmp[(y - 2) % 3][x] + 2.0 * tmp[(y - 1) % 3][x] + tmp[y % 3][x];
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
