/*
 * vla.c -- a parametric kernel: sizes n, m are function arguments and the
 * temporaries are VLAs. Each row of t is produced, then read back in reverse
 * order within the same iteration of i; acc is a running sum per row.
 *
 * Expected result per array (symbolic in n, m; main calls with n = 20, m = 30):
 *   t[n][m]   candidate (VLA). n*m cells (600). Row i is written and fully read
 *             in iteration i, and all its cells are live together after the
 *             first inner loop. DS = { [0, b] : -(m-1) <= b <= m-1 }.
 *             (i mod 1, j mod m) = m cells (30), i.e. t[m]; optimal (maxLive).
 *   acc[n]    candidate (VLA). n cells (20). acc[i] = acc[i-1] + ..., read only
 *             by the next instance and once after the loop (acc[n-1]).
 *             DS = { [0] } -> scalar (1).
 *   main: in, out are passed to kernel: not candidates.
 */
#include <stdio.h>

#ifndef NR
#define NR 20
#endif
#ifndef MC
#define MC 30
#endif

static double kernel_vla(int n, int m, double in[n][m], double out[n][m])
{
    double t[n][m];
    double acc[n];
    int i, j;

    for (i = 0; i < n; i++) {
        for (j = 0; j < m; j++)
            t[i][j] = in[i][j] * 0.5 + j;
        for (j = 0; j < m; j++)
            out[i][j] = t[i][j] - t[i][m - 1 - j];
        if (i == 0)
            acc[i] = t[i][0];
        else
            acc[i] = acc[i - 1] + t[i][0];
    }
    return acc[n - 1];
}

int main(void)
{
    static double in[NR][MC], out[NR][MC];
    double checksum;
    int i, j;

    for (i = 0; i < NR; i++)
        for (j = 0; j < MC; j++)
            in[i][j] = ((i * 11 + j * 5) % 13) * 0.25;
    checksum = kernel_vla(NR, MC, in, out);
    for (i = 0; i < NR; i++)
        for (j = 0; j < MC; j++)
            checksum += out[i][j] * ((i + 2 * j) % 3 + 1);
    printf("checksum %.6f\n", checksum);
    return 0;
}
