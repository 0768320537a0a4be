/*
 * stencil_time.c -- time-expanded 1-D Jacobi stencil: A[t][i] holds step t.
 * Row t is computed from row t-1 only (boundary cells copied), the last row
 * is the output.
 *
 * Expected result per array (T = 64, N = 256), differences [a, b] of A[t][i]:
 *   A[T][N]   candidate. 16384 cells. A[t][i] is written at step t and last
 *             read at step t+1 by the instance computing A[t+1][i+1] (A[t][N-1]
 *             by the right-boundary copy). Within one instance the reads
 *             precede the write, so A[t+1][j] conflicts with A[t][i] iff j <= i.
 *             DS = { [0, b] : -(N-1) <= b <= N-1 }
 *                u { [1, b] : -(N-1) <= b <= 0 } u { [-1, b] : 0 <= b <= N-1 }.
 *             Identity-basis heuristics: (t mod 2, i) = 2N = 512 cells.
 *             Optimum N + 1 = 257 = maxLive (at step t, row t holds cells
 *             0 .. i-1 and row t-1 cells i-1 .. N-1): the linear index
 *             N t + i differs by 1 .. N on DS, so (i - t) mod (N+1) works
 *             (brute force over 2-D lattices confirms N+1 for small N).
 *   main: in, out are passed to kernel: not candidates.
 */
#include <stdio.h>

#ifndef T
#define T 64
#endif
#ifndef N
#define N 256
#endif

static void kernel_stencil(const double in[N], double out[N])
{
    double A[T][N];
    int t, i;

    for (i = 0; i < N; i++)
        A[0][i] = in[i];
    for (t = 1; t < T; t++) {
        A[t][0] = A[t - 1][0];
        for (i = 1; i < N - 1; i++)
            A[t][i] = (A[t - 1][i - 1] + A[t - 1][i] + A[t - 1][i + 1]) * (1.0 / 3.0);
        A[t][N - 1] = A[t - 1][N - 1];
    }
    for (i = 0; i < N; i++)
        out[i] = A[T - 1][i];
}

int main(void)
{
    double in[N], out[N];
    double checksum = 0.0;
    int i;

    for (i = 0; i < N; i++)
        in[i] = (double)((i * 37) % 23) - 11.0 + (i % 2) * 0.5;
    kernel_stencil(in, out);
    for (i = 0; i < N; i++)
        checksum += out[i] * (1.0 + (i % 9) * 0.0625);
    printf("checksum %.6f\n", checksum);
    return 0;
}
