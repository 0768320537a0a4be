/*
 * multi.c -- several kernel functions in one file, temporaries declared in
 * nested blocks (one inside a loop body), the same name in two functions, and
 * a scalarizable accumulator that needs inter-loop reasoning.
 *
 * Expected result per array (N = 50):
 *   prefix_last: p[N]     candidate. 50 cells. Chain p[i] = p[i-1] + in[i]
 *                         in the first loop; only p[N-1] is read again, by
 *                         a second loop. DS = { [0] } -> scalar (1).
 *   smooth:      buf[4]   candidate (declared in the body block of the i
 *                         loop). 4 cells. Chain along k, buf[3] read right
 *                         after; DS = { [0] } -> scalar (1).
 *   sweep:       buf[N][2] candidate (declared in a nested block). 100 cells.
 *                         Row i's two cells are written and read in iteration
 *                         i: DS = { [0, b] : -1 <= b <= 1 } ->
 *                         (i mod 1, j mod 2) = 2 cells; optimal.
 *   main: in, out are passed to the kernels: not candidates.
 */
#include <stdio.h>

#ifndef N
#define N 50
#endif

static double prefix_last(const double in[N])
{
    double p[N];
    double s = 0.0;
    int i;

    p[0] = in[0];
    for (i = 1; i < N; i++)
        p[i] = p[i - 1] + in[i];
    for (i = N - 1; i < N; i++)
        s += p[i];
    return s;
}

static void smooth(const double in[N], double out[N])
{
    int i, k;

    for (i = 0; i < N; i++) {
        double buf[4];
        buf[0] = in[i];
        for (k = 1; k < 4; k++)
            buf[k] = buf[k - 1] * 0.5 + k;
        out[i] = buf[3];
    }
}

static double sweep(const double in[N])
{
    double s = 0.0;
    int i;

    {
        double buf[N][2];
        for (i = 0; i < N; i++) {
            buf[i][0] = in[i];
            buf[i][1] = in[i] * in[i];
            s += buf[i][0] * 0.5 - buf[i][1];
        }
    }
    return s;
}

int main(void)
{
    double in[N], out[N];
    double checksum;
    int i;

    for (i = 0; i < N; i++)
        in[i] = ((i * 9 + 4) % 17) * 0.125;
    checksum = prefix_last(in) + sweep(in);
    smooth(in, out);
    for (i = 0; i < N; i++)
        checksum += out[i] * ((i % 4) + 1);
    printf("checksum %.6f\n", checksum);
    return 0;
}
