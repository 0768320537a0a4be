/*
 * reg_detect.c -- real-time regularity (region) detection, the kernel (2) of
 * the Bee+Cl@k paper (Figure 4), without the outer repetition loop: a
 * triangular pipeline sum_t -> diff -> sum_d -> mean -> path where each stage
 * runs over the whole triangle 0 <= j <= i < N before the next one starts.
 *
 * Expected result per array (N = 6, P = 64); differences [a, b(, c)] of the
 * C subscripts [j][i](k):
 *   sum_t[N][N]    candidate. 36 cells, 21 used (j <= i). Every used cell is
 *                  written in the first nest and last read in the second one,
 *                  so all 21 are live together. DS = the hexagon
 *                    { [a, b] : -(N-1) <= a <= N-1 and -(N-1) <= b <= N-1
 *                               and -(N-1) <= a - b <= N-1 }.
 *                  Identity-basis heuristics: (j mod 6, i mod 6) = 36 (no gain);
 *                  optimum 27 = 3m^2 (N = 2m), e.g. (j mod 3, (j + i) mod 9)
 *                  as printed in the paper (brute force confirms 27).
 *   diff[N][N][P]  candidate. 2304 cells, all used cells live together
 *                  (written in nest 2, read in nest 3). DS = hexagon x
 *                  { c : -(P-1) <= c <= P-1 }. Heuristic 2304, optimum
 *                  27 * 64 = 1728 with (j mod 3, (j + i) mod 9, k mod 64).
 *   sum_d[N][N][P] candidate. 2304 cells; a chain along k, each cell read
 *                  only by the next statement instance (or by mean[j][i]).
 *                  DS = { [0, 0, 0] } -> scalar (1).
 *   mean[N][N]     candidate. 36 cells; written in nest 3, read in nest 4:
 *                  same hexagon DS as sum_t -> 36 heuristic, 27 optimal.
 *   main: tangent, path are passed to kernel: not candidates.
 */
#include <stdio.h>

#ifndef N
#define N 6
#endif
#ifndef P
#define P 64
#endif

static void kernel_reg_detect(const int tangent[N * N], int path[N][N])
{
    int sum_t[N][N], mean[N][N];
    int diff[N][N][P], sum_d[N][N][P];
    int i, j, k;

    for (j = 0; j <= N - 1; j++) {
        sum_t[j][j] = tangent[(N + 1) * j];
        for (i = j + 1; i <= N - 1; i++)
            sum_t[j][i] = sum_t[j][i - 1] + tangent[i + N * j];
    }
    for (j = 0; j <= N - 1; j++)
        for (i = j; i <= N - 1; i++)
            for (k = 0; k <= P - 1; k++)
                diff[j][i][k] = sum_t[j][i] + k % 3;
    for (j = 0; j <= N - 1; j++)
        for (i = j; i <= N - 1; i++) {
            sum_d[j][i][0] = diff[j][i][0];
            for (k = 1; k <= P - 1; k++)
                sum_d[j][i][k] = sum_d[j][i][k - 1] + diff[j][i][k];
            mean[j][i] = sum_d[j][i][P - 1];
        }
    for (j = 0; j <= N - 1; j++)
        for (i = j; i <= N - 1; i++)
            if (j > 0)
                path[j][i] = path[j - 1][i - 1] + mean[j][i];
            else
                path[j][i] = mean[j][i];
}

int main(void)
{
    int tangent[N * N];
    int path[N][N];
    long checksum = 0;
    int i, j;

    for (i = 0; i < N * N; i++)
        tangent[i] = (i * 37 + 11) % 101 - 50;
    kernel_reg_detect(tangent, path);
    for (j = 0; j < N; j++)
        for (i = j; i < N; i++)
            checksum += (long)path[j][i] * (j + 2 * i + 1);
    printf("checksum %ld\n", checksum);
    return 0;
}
