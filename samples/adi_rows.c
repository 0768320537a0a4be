/*
 * adi_rows.c -- an ADI-style row sweep (the shape of PolyBench/C 4.2.1 adi, written
 * afresh): in every time step and row, the forward pass writes p[i][j] and q[i][j] for
 * j = 1 .. N-2 and the backward pass reads them back in reverse.
 *
 * Expected result per array (N = 20, TSTEPS = 3), differences [a, b]:
 *   p[N][N], q[N][N]  candidates, 400 cells each. A value of row i is read by the
 *                     backward pass of row i, before row i + 1 is written: one row.
 *                     p[i][0] and q[i][0] are read at j = 1 only, before p[i][N-2] is
 *                     written, so value DS = { [0, b] : -(N-3) <= b <= N-3 } ->
 *                     p[j mod (N-2)] (18 cells, = maxLive). Cell-based lifetimes span
 *                     all time steps (nothing to save for rows).
 *   u, v: parameters, not candidates.
 */
#include <stdio.h>

#ifndef N
#define N 20
#endif
#ifndef TSTEPS
#define TSTEPS 3
#endif

static void kernel_adi_rows(double u[N][N], double v[N][N])
{
    double p[N][N];
    double q[N][N];
    int t, i, j;

    for (t = 0; t < TSTEPS; t++)
        for (i = 1; i < N - 1; i++) {
            p[i][0] = 0.0;
            q[i][0] = v[0][i];
            for (j = 1; j < N - 1; j++) {
                p[i][j] = -0.5 / (0.25 * p[i][j - 1] + 2.0);
                q[i][j] = (u[j][i - 1] + u[j][i] + u[j][i + 1] - 0.25 * q[i][j - 1]) /
                          (0.25 * p[i][j - 1] + 2.0);
            }
            v[N - 1][i] = 1.0;
            for (j = N - 2; j >= 1; j--)
                v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
            for (j = 1; j < N - 1; j++)
                u[i][j] = 0.5 * (u[i][j] + v[j][i]);
        }
}

int main(void)
{
    static double u[N][N], v[N][N];
    int i, j;
    double sum = 0;

    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            u[i][j] = ((i * 7 + j * 3) % 13) * 0.125;
            v[i][j] = ((i * 5 + j * 11) % 7) * 0.25;
        }
    kernel_adi_rows(u, v);
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            sum += u[i][j] + v[i][j];
    printf("checksum %.6f\n", sum);
    return 0;
}
