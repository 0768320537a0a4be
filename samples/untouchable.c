/*
 * untouchable.c -- temporaries a contraction tool must leave alone. Each one,
 * contracted naively (as if it were a plain local), would look like a chain
 * or a row buffer; a good tool keeps them all, with a stated reason.
 *
 * Expected result per array (N = 64):
 *   gbuf[N]     file-scope (global) array: not a candidate (global storage;
 *               visible to other functions / translation units). 64 cells.
 *   esc[N]      local, but its address is passed to fill(): not a candidate
 *               (address escapes: passed to a call). 64 cells.
 *   alias[N]    local, assigned to the pointer p and accessed through it: not a
 *               candidate (address escapes: assigned to a pointer). 64 cells.
 *   sacc[N]     local static: not a candidate (static storage: its value
 *               survives between calls). 64 cells.
 *   vol[4]      local volatile: not a candidate (volatile). 4 cells.
 *   lut[8]      local with an initializer, read as a lookup table with a
 *               data-dependent subscript lut[in[i] & 7]: a candidate, but the
 *               subscript covers the whole array and the initializer writes
 *               every cell first, so all 8 cells are live for the whole loop:
 *               DS = { [a] : -7 <= a <= 7 }, nothing to save (8 -> 8).
 *   main: in, out are passed to kernel: not candidates.
 */
#include <stdio.h>

#ifndef N
#define N 64
#endif

double gbuf[N];

static void fill(double *dst, int n, double v)
{
    int i;
    for (i = 0; i < n; i++)
        dst[i] = v + i;
}

static double kernel_untouchable(const int in[N], double out[N])
{
    double esc[N];
    double alias[N];
    static double sacc[N];
    volatile int vol[4];
    int lut[8] = {3, 1, 4, 1, 5, 9, 2, 6};
    double *p = alias;
    double s = 0.0;
    int i;

    fill(esc, N, 0.5);
    for (i = 0; i < N; i++) {
        gbuf[i] = esc[i] * 2.0;
        p[i] = gbuf[i] + lut[in[i] & 7];
    }
    for (i = 0; i < 4; i++)
        vol[i] = i * 3;
    sacc[0] = alias[0];
    for (i = 1; i < N; i++)
        sacc[i] = sacc[i - 1] + alias[i] + vol[i % 4];
    for (i = 0; i < N; i++)
        out[i] = sacc[i] - gbuf[N - 1 - i];
    s = sacc[N - 1];
    return s;
}

int main(void)
{
    int in[N];
    double out[N];
    double checksum;
    int i;

    for (i = 0; i < N; i++)
        in[i] = (i * 13 + 5) % 32;
    checksum = kernel_untouchable(in, out);
    for (i = 0; i < N; i++)
        checksum += out[i] * ((i % 4) + 1);
    printf("checksum %.6f\n", checksum);
    return 0;
}
