/*
 * frame_scratch.c -- a scratch row reused in every frame: tmp[i] is written in
 * iteration i and read two iterations later, then the next frame starts over.
 *
 * Expected result per array (F = 8, W = 64):
 *   tmp[W]  candidate, 64 cells. When tmp[i] is written, tmp[i-2] and tmp[i-1] are
 *           still to be read: value DS = { [d] : -2 <= d <= 2 } -> tmp[i mod 3]
 *           (3 cells). The last two values of a frame are never read. Cell-based
 *           lifetimes span all frames (64 cells).
 *   in, out: parameters, not candidates.
 */
#include <stdio.h>

#ifndef F
#define F 8
#endif
#ifndef W
#define W 64
#endif

static void kernel_frame_scratch(const int in[F][W], int out[F][W])
{
    int tmp[W];
    int f, i;

    for (f = 0; f < F; f++)
        for (i = 0; i < W; i++) {
            tmp[i] = 3 * in[f][i] + f;
            if (i >= 2)
                out[f][i] = tmp[i - 2] - tmp[i];
        }
}

int main(void)
{
    static int in[F][W], out[F][W];
    int f, i;
    long sum = 0;

    for (f = 0; f < F; f++)
        for (i = 0; i < W; i++)
            in[f][i] = (f * 31 + i * 17) % 23;
    kernel_frame_scratch(in, out);
    for (f = 0; f < F; f++)
        for (i = 2; i < W; i++)
            sum += out[f][i] * (i + 1);
    printf("checksum %ld\n", sum);
    return 0;
}
