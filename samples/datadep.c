/*
 * datadep.c -- data-dependent control flow around temporaries.
 *
 * Expected result per array (N = 128):
 *   t[N]      candidate. 128 cells. t[i] is written unconditionally; t[i-1]
 *             is read only when in[i-1] > 0.5 (a data-dependent if: a
 *             may-read, flagged). Treating the may-read as a read (longer
 *             lifetime: safe) gives DS = { [a] : -1 <= a <= 1 }, so
 *             (i mod 2) = 2 cells; exact for inputs that take the branch,
 *             which these do. optimal 2 (maxLive 2 on this input).
 *   w[N]      candidate only if the frontend models while loops; it does
 *             not: w is written inside a while loop whose exit depends on
 *             the data and read in a for loop bounded by the data-dependent
 *             count n. Expected: not contracted (accessed in a while loop:
 *             not analysable). 128 cells kept.
 *   hist[8]   candidate. 8 cells. Zeroed by an affine loop, then updated with
 *             a data-dependent subscript hist[(int)(in[i] * 8.0)] (a may-
 *             access to any cell, flagged) and read back: every cell is live
 *             from the zeroing to the final read, DS = { [a] : -7 <= a <= 7 },
 *             nothing to save (8 -> 8).
 *   main: in, out are passed to kernel: not candidates.
 */
#include <stdio.h>

#ifndef N
#define N 128
#endif

static double kernel_datadep(const double in[N], double out[N])
{
    double t[N];
    double w[N];
    int hist[8];
    double s = 0.0;
    int i, j, n;

    t[0] = in[0] + 1.0;
    out[0] = t[0];
    for (i = 1; i < N; i++) {
        t[i] = in[i] * 0.5 + 1.0;
        if (in[i - 1] > 0.5)
            out[i] = t[i] + t[i - 1];
        else
            out[i] = t[i];
    }

    n = 0;
    while (n < N && in[n] < 0.95) {
        w[n] = in[n] * 2.0;
        n++;
    }
    for (j = 0; j < n; j++)
        s += w[j] * (j % 3);

    for (i = 0; i < 8; i++)
        hist[i] = 0;
    for (i = 0; i < N; i++)
        hist[(int)(in[i] * 8.0)] += 1;
    for (i = 0; i < 8; i++)
        s += hist[i] * (i + 1);
    return s;
}

int main(void)
{
    double in[N], out[N];
    double checksum;
    unsigned lcg = 12345u;
    int i;

    for (i = 0; i < N; i++) {
        lcg = lcg * 1103515245u + 12345u;
        in[i] = (double)((lcg >> 16) % 1000u) / 1000.0; /* in [0, 1) */
    }
    checksum = kernel_datadep(in, out);
    for (i = 0; i < N; i++)
        checksum += out[i] * ((i % 5) + 1);
    printf("checksum %.6f\n", checksum);
    return 0;
}
