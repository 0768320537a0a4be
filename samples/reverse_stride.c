/*
 * reverse_stride.c -- loops the normaliser must get right: a decreasing loop
 * (i--, i >= 0), stride-2 loops with integer division in subscripts (e[i/2])
 * and a stride-2 write to a sparsely used array.
 *
 * Expected result per array (N = 100):
 *   r[N]      candidate. 100 cells. Reverse recurrence: iteration i writes
 *             r[i] (after reading r[i+1]) and then reads r[i] and r[i+1]
 *             again, so r[i+1] is still live when r[i] is written.
 *             DS = { [a] : -1 <= a <= 1 } -> (i mod 2) = 2 cells; optimal.
 *   e[N]      candidate. 100 cells. Stride-2 loop over i = 2, 4, .., 2N-2
 *             writes e[i/2] and reads e[i/2] and e[i/2 - 1]: cell k is live
 *             from iteration 2k to 2k+2. DS = { [a] : -1 <= a <= 1 } ->
 *             (k mod 2) = 2 cells; optimal.
 *   f[2*N]    candidate. 200 cells, only the even ones used: f[i] is written
 *             and read in the same iteration of a stride-2 loop.
 *             DS = { [0] } -> scalar (1).
 *   main: in, out, out2 are passed to kernel: not candidates.
 */
#include <stdio.h>

#ifndef N
#define N 100
#endif

static void kernel_reverse_stride(const double in[2 * N], double out[N], double out2[N])
{
    double r[N];
    double e[N];
    double f[2 * N];
    int i;

    r[N - 1] = in[N - 1];
    out[N - 1] = r[N - 1];
    for (i = N - 2; i >= 0; i--) {
        r[i] = r[i + 1] * 0.5 + in[i];
        out[i] = r[i] - 0.25 * r[i + 1];
    }

    e[0] = in[0] + in[1];
    out2[0] = e[0];
    for (i = 2; i < 2 * N; i += 2) {
        e[i / 2] = in[i] + in[i + 1];
        out2[i / 2] = e[i / 2] - e[i / 2 - 1];
    }

    for (i = 0; i < 2 * N; i += 2) {
        f[i] = in[i] * in[i + 1];
        out2[i / 2] += f[i] * 0.5;
    }
}

int main(void)
{
    double in[2 * N], out[N], out2[N];
    double checksum = 0.0;
    int i;

    for (i = 0; i < 2 * N; i++)
        in[i] = ((i * 17 + 3) % 29) * 0.125 - 1.5;
    kernel_reverse_stride(in, out, out2);
    for (i = 0; i < N; i++)
        checksum += out[i] * ((i % 3) + 1) + out2[i] * ((i % 7) + 1);
    printf("checksum %.6f\n", checksum);
    return 0;
}
