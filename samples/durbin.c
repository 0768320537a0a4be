/*
 * durbin.c -- Toeplitz system solver (Levinson-Durbin), the running example
 * of the Bee+Cl@k paper, written with fully expanded temporaries as in the
 * PolyBench-1.0-era kernel: y[N][N], sum[N][N], alpha[N], beta[N].
 *
 * Statements (paper numbering for y):
 *   S1  y[0][0] = r[0]
 *   S2  sum[i+1][k] = sum[i][k] + r[k-i-1] * y[i][k-1]    (k, i), 0 <= i < k
 *   S3  y[i][k] = y[i][k-1] + alpha[k] * y[k-i-1][k-1]     (k, i), 0 <= i < k
 *   S4  y[k][k] = alpha[k]                                 (k)
 *   S5  out[i] = y[i][N-1]                                 (i)
 *
 * Expected result per array (N = 100); index vectors are written in the
 * order of the C subscripts, differences [a, b] = [first - first', second - second']:
 *   y[N][N]      candidate. 10000 cells. y[i][k] holds column k of the
 *                triangular solve; column k is built from column k-1 only, so
 *                only two columns are live. DS (exact, 591 points for N = 100):
 *                  { [a, b] : -1 <= b <= 1 and -(N-1) <= a + 2b <= N-1
 *                             and -(N-1) <= a - b <= N-1 }
 *                (the paper's polytope K, section 3.2 with d1 = a, d2 = b).
 *                Simple mapping (i, k mod 2) -> N*2 = 200 cells;
 *                optimum 2N - 3 = 197 with (2i + k) mod 197.
 *   sum[N][N]    candidate. 10000 cells. sum[i][k] is read once, by the next
 *                statement instance of the chain (read before the write of
 *                sum[i+1][k] in the same instance), then sum[k][k] by alpha.
 *                DS = { [0, 0] } -> scalar (1 cell). Needs inter-loop reasoning.
 *   alpha[N]     candidate. 100 cells. alpha[k-1] is last read by the beta
 *                statement of iteration k, before alpha[k] is written.
 *                DS = { [0] } -> scalar.
 *   beta[N]      candidate. 100 cells. beta[k] = f(beta[k-1]) reads before it
 *                writes; beta[k] last read in iteration k+1. DS = { [0] } -> scalar.
 *   main: r, out are passed to kernel (address escapes): not candidates.
 */
#include <stdio.h>

#ifndef N
#define N 100
#endif

static void kernel_durbin(const double r[N], double out[N])
{
    double y[N][N];
    double sum[N][N];
    double alpha[N];
    double beta[N];
    int i, k;

    y[0][0] = r[0];
    beta[0] = 1.0;
    alpha[0] = r[0];
    for (k = 1; k < N; k++) {
        beta[k] = beta[k - 1] - alpha[k - 1] * alpha[k - 1] * beta[k - 1];
        sum[0][k] = r[k];
        for (i = 0; i <= k - 1; i++)
            sum[i + 1][k] = sum[i][k] + r[k - i - 1] * y[i][k - 1];
        alpha[k] = -sum[k][k] * beta[k];
        for (i = 0; i <= k - 1; i++)
            y[i][k] = y[i][k - 1] + alpha[k] * y[k - i - 1][k - 1];
        y[k][k] = alpha[k];
    }
    for (i = 0; i < N; i++)
        out[i] = y[i][N - 1];
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
