/*
 * dynprog_tsteps.c -- PolyBench/C 3.2 "dynprog" with its tsteps loop (written afresh for
 * beeclak's tests; same loop structure as the benchmark).
 *
 * Each time step clears c, fills it row by row and adds c[0][N-1] to the result. Cells
 * are rewritten in every step, so cell lifetimes (first write to last access) span all
 * steps; value lifetimes (write to last read) do not.
 *
 * Expected result per array (N = 10, TSTEPS = 4):
 *   c[N][N]        candidate. 100 cells; every cell is cleared each step and the reads
 *                  c[k][j] (k > i) read the cleared zeros of rows not yet computed: the
 *                  strict upper triangle is live together within a step (size from the
 *                  value-based analysis, see expected.json).
 *   sum_c[N][N][N] candidate. 1000 cells; a chain along k inside (i, j), each value read
 *                  by the next instance or by c[i][j] only. Value DS = { [0, 0, 0] } ->
 *                  scalar (1). (Cell-based: the same cells are rewritten in every step.)
 *   main: W is passed to kernel: not a candidate.
 */
#include <stdio.h>

#ifndef N
#define N 10
#endif
#ifndef TSTEPS
#define TSTEPS 4
#endif

static double kernel_dynprog_tsteps(double W[N][N])
{
    double c[N][N];
    double sum_c[N][N][N];
    double out_l = 0;
    int iter, i, j, k;

    for (iter = 0; iter < TSTEPS; iter++) {
        for (i = 0; i <= N - 1; i++)
            for (j = 0; j <= N - 1; j++)
                c[i][j] = 0;
        for (i = 0; i <= N - 2; i++)
            for (j = i + 1; j <= N - 1; j++) {
                sum_c[i][j][i] = 0;
                for (k = i + 1; k <= j - 1; k++)
                    sum_c[i][j][k] = sum_c[i][j][k - 1] + c[i][k] + c[k][j];
                c[i][j] = sum_c[i][j][j - 1] + W[i][j];
            }
        out_l += c[0][N - 1];
    }
    return out_l;
}

int main(void)
{
    double W[N][N];
    int i, j;

    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            W[i][j] = ((i * 13 + j * 7) % 17) * 0.25;
    printf("checksum %.6f\n", kernel_dynprog_tsteps(W));
    return 0;
}
