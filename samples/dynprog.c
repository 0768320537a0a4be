/*
 * dynprog.c -- the "toy dynamic programming" kernel (3) of the Bee+Cl@k paper.
 *
 * In the paper's code c is live-in: the read c[k][j] (k > i) always reads a
 * cell the nest has not written yet (rows are produced with i increasing).
 * Reading an unwritten local array is undefined in C, so here the live-in
 * values are copied into the strict upper triangle of c by a first loop nest
 * (from the parameter cin); the nest itself is exactly the paper's. With c
 * live-in, every used cell is live from that copy to its last read, which is
 * what gives the paper's numbers (checked by brute-force enumeration of the
 * exact conflict set).
 *
 * Expected result per array (N = 10), differences [a, b] of c[i][j]:
 *   c[N][N]        candidate. 100 cells, used: 0 <= i < j < N (45), all live
 *                  together after the copy nest. DS = the hexagon
 *                    { [a, b] : -(N-2) <= a <= N-2 and -(N-2) <= b <= N-2
 *                               and -(N-2) <= a - b <= N-2 }   (217 points)
 *                  Identity-basis heuristics: (i mod 9, j mod 9) = 81;
 *                  optimum 61 with (13 i + j) mod 61 (paper, Figure 3;
 *                  brute force over all 2-D lattices confirms 61).
 *   sum_c[N][N][N] candidate. 1000 cells; chain along k inside (i, j), each
 *                  cell read only by the next instance or by c[i][j].
 *                  DS = { [0, 0, 0] } -> scalar (1).
 *   main: W, cin are passed to kernel: not candidates.
 */
#include <stdio.h>

#ifndef N
#define N 10
#endif

static double kernel_dynprog(double W[N][N], double cin[N][N])
{
    double c[N][N];
    double sum_c[N][N][N];
    int i, j, k;

    /* live-in values of c (the paper's code assumes them present) */
    for (i = 0; i <= N - 2; i++)
        for (j = i + 1; j <= N - 1; j++)
            c[i][j] = cin[i][j];
    for (i = 0; i <= N - 2; i++)
        for (j = i + 1; j <= N - 1; j++) {
            sum_c[i][j][i] = 0;
            for (k = i + 1; k <= j - 1; k++)
                sum_c[i][j][k] = sum_c[i][j][k - 1] + c[i][k] + c[k][j];
            c[i][j] = sum_c[i][j][j - 1] + W[i][j];
        }
    return c[0][N - 1];
}

int main(void)
{
    double W[N][N], cin[N][N];
    int i, j;

    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            W[i][j] = ((i * 13 + j * 7) % 17) * 0.25;
            cin[i][j] = ((i * 5 + j * 3) % 11) * 0.125;
        }
    printf("checksum %.6f\n", kernel_dynprog(W, cin));
    return 0;
}
