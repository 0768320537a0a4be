/*
 * folded/durbin.c -- durbin.c contracted by hand, as the analysis in
 * samples/durbin.c says: y[i][k] -> y[i][k % 2] (y[N][2]), sum, alpha and
 * beta become scalars. Must print exactly the checksum of samples/durbin.c.
 */
#include <stdio.h>

#ifndef N
#define N 100
#endif

static void kernel_durbin(const double r[N], double out[N])
{
    double y[N][2];
    double sum;
    double alpha;
    double beta;
    int i, k;

    y[0][0] = r[0];
    beta = 1.0;
    alpha = r[0];
    for (k = 1; k < N; k++) {
        beta = beta - alpha * alpha * beta;
        sum = r[k];
        for (i = 0; i <= k - 1; i++)
            sum = sum + r[k - i - 1] * y[i][(k - 1) % 2];
        alpha = -sum * beta;
        for (i = 0; i <= k - 1; i++)
            y[i][k % 2] = y[i][(k - 1) % 2] + alpha * y[k - i - 1][(k - 1) % 2];
        y[k][k % 2] = alpha;
    }
    for (i = 0; i < N; i++)
        out[i] = y[i][(N - 1) % 2];
}

int main(void)
{
    double r[N];
    double out[N];
    double checksum = 0.0;
    int i;

    /* a decaying, deterministic autocorrelation-like input */
    for (i = 0; i < N; i++)
        r[i] = 0.5 / ((i + 1) * (i + 2)) + ((i * 7) % 5) * 0.001;
    kernel_durbin(r, out);
    for (i = 0; i < N; i++)
        checksum += out[i] * (1.0 + (i % 13) * 0.125);
    printf("checksum %.6f\n", checksum);
    return 0;
}
