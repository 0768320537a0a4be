/*
 * gauss.c -- separable 3-tap Gaussian blur, the kernel (4) of the Bee+Cl@k
 * paper: a vertical pass into the temporary image g_tmp, then a horizontal
 * pass, each tap sum accumulated in an expanded accumulator g_acc1 / g_acc2.
 * (The paper's listing indexes Gauss[k - T] with k = T-1 .. T+1, i.e. -1 .. 1,
 * out of bounds; here the taps are k = -1 .. 1 and Gauss[k + 1].)
 *
 * Expected result per array (N = M = 50):
 *   tot[4]          candidate. 4 cells; chain tot[k+2] = tot[k+1] + ..., only
 *                   tot[3] survives (read in both passes). DS = { [0] } -> 1.
 *                   (Not in the paper's table.)
 *   g_acc1[N][M][4] candidate. 10000 cells; chain along the last index inside
 *                   (x, y), cell [x][y][3] read right after. DS = { [0,0,0] } -> 1.
 *   g_acc2[N][M][4] candidate. Same: DS = { [0,0,0] } -> 1.
 *   g_tmp[N][M]     candidate. 2500 cells, 2400 used (rows 1 .. N-2), all
 *                   written by pass 1 before pass 2 reads any: all live together.
 *                   DS = { [a, b] : -(N-3) <= a <= N-3 and -(M-1) <= b <= M-1 }.
 *                   (x mod 48, y mod 50) = 2400 = maxLive, hence optimal.
 *   main: in_image, Gauss, gauss_image are passed to kernel: not candidates.
 */
#include <stdio.h>

#ifndef N
#define N 50
#endif
#ifndef M
#define M 50
#endif

static void kernel_gauss(int in_image[N][M], const int Gauss[4],
                         int gauss_image[N][M])
{
    int x, y, k, tot[4];
    int g_tmp[N][M];
    int g_acc1[N][M][4];
    int g_acc2[N][M][4];

    tot[0] = 0;
    for (k = -1; k <= 1; k++)
        tot[k + 2] = tot[k + 1] + Gauss[k + 1];
    for (x = 1; x < N - 1; x++)
        for (y = 0; y < M; y++) {
            g_acc1[x][y][0] = 0;
            for (k = -1; k <= 1; k++)
                g_acc1[x][y][k + 2] = g_acc1[x][y][k + 1] + in_image[x + k][y] * Gauss[k + 1];
            g_tmp[x][y] = g_acc1[x][y][3] / tot[3];
        }
    for (x = 1; x < N - 1; x++)
        for (y = 1; y < M - 1; y++) {
            g_acc2[x][y][0] = 0;
            for (k = -1; k <= 1; k++)
                g_acc2[x][y][k + 2] = g_acc2[x][y][k + 1] + g_tmp[x][y + k] * Gauss[k + 1];
            gauss_image[x][y] = g_acc2[x][y][3] / tot[3];
        }
}

int main(void)
{
    static int in_image[N][M];
    static int gauss_image[N][M];
    int Gauss[4] = {1, 2, 1, 0};
    long checksum = 0;
    int x, y;

    for (x = 0; x < N; x++)
        for (y = 0; y < M; y++) {
            in_image[x][y] = (x * 31 + y * 17 + x * y) % 256;
            gauss_image[x][y] = 0;
        }
    kernel_gauss(in_image, Gauss, gauss_image);
    for (x = 0; x < N; x++)
        for (y = 0; y < M; y++)
            checksum += (long)gauss_image[x][y] * ((x + 3 * y) % 7 + 1);
    printf("checksum %ld\n", checksum);
    return 0;
}
