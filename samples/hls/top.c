/*
 * hls/top.c -- a kernel as an HLS flow writes it: a top function with interface arrays,
 * labelled loops, #pragma HLS lines on the temporaries, and a testbench main that the
 * synthesis tool does not see (#ifndef __SYNTHESIS__). For `beeclak contract --hls`.
 *
 * Expected in HLS mode (R = 10, C = 48, TAPS = 3; see hls/expected.json):
 *   line[R][C]   a row is read by the next row only: two rows live. Its partitions ask for
 *                the rows in registers and 4 banks of columns: the mapping keeps both
 *                dimensions as axes, line[2][C] with `i & 1` (96 cells), rather than the
 *                skewed 64-cell fold that would mix them and lose both pragmas.
 *   acc[R]       one row sum at a time: a scalar; its ARRAY_PARTITION and BIND_STORAGE
 *                pragmas are removed with a note.
 *   win[C+TAPS-1] a sliding window of 3 values, partitioned in 8 banks: folded to 8 (mask
 *                7: at least the factor; exact mode: % 3), and `cyclic factor=8` becomes
 *                `complete` (8 >= 8).
 *   rev[R][C]    one row live at a time: the row dimension disappears, the 48 columns stay
 *                48 (a whole dimension is never padded to a power of two); its partition
 *                pragma is renumbered from dim 2 to dim 1.
 *   hist[C]      would be a scalar, but DEPENDENCE ... false promises the tool no
 *                dependence on it: left alone, with the reason.
 */
#include <stdio.h>

#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define R 10
#define C 48
#define TAPS 3

void top(const int in[R][C], int out[R][C])
{
#pragma HLS INTERFACE m_axi port = in offset = slave bundle = gmem
#pragma HLS INTERFACE m_axi port = out offset = slave bundle = gmem
    int line[R][C];        /* this row and the previous one */
    int acc[R];            /* row sums */
    int win[C + TAPS - 1]; /* sliding window, TAPS - 1 zeros in front */
    int hist[C];
    int rev[R][C];         /* one row at a time, read backwards */
#pragma HLS ARRAY_PARTITION variable = rev cyclic factor = 4 dim = 2
#pragma HLS ARRAY_PARTITION variable = line complete dim = 1
#pragma HLS ARRAY_PARTITION variable = line cyclic factor = 4 dim = 2
#pragma HLS ARRAY_PARTITION variable = acc complete dim = 1
#pragma HLS BIND_STORAGE variable = acc type = ram_1p impl = lutram
#pragma HLS ARRAY_PARTITION variable = win cyclic factor = 8 dim = 1
#pragma HLS DEPENDENCE variable = hist inter false
    int i, j, t, s;

rows:
    for (i = 0; i < R; i++) {
        acc[i] = 0;
    cols:
        for (j = 0; j < C; j++) {
#pragma HLS PIPELINE II = 1
            line[i][j] = in[i][j] * 3 + i;
            if (i > 0)
                out[i][j] = line[i][j] - line[i - 1][j];
            else
                out[i][j] = line[i][j];
            acc[i] += line[i][j];
        }
        out[i][0] += acc[i];
    backwards:
        for (j = 0; j < C; j++)
            rev[i][j] = in[i][j] - j;
        for (j = 0; j < C; j++)
            out[i][j] += rev[i][C - 1 - j];
    }

zeros:
    for (t = 0; t < TAPS - 1; t++)
        win[t] = 0;
filter:
    for (j = 0; j < C; j++) {
#pragma HLS PIPELINE II = 1
        win[j + TAPS - 1] = out[R - 1][j];
        s = 0;
    taps:
        for (t = 0; t < TAPS; t++)
            s += win[j + t];
        out[0][j] += s;
    }

histogram:
    for (j = 0; j < C; j++) {
        hist[j] = in[1][j] * 2;
        out[1][j] += hist[j];
    }
}

#ifndef __SYNTHESIS__
int main(void)
{
    static int in[R][C], out[R][C];
    long checksum = 0;
    int i, j;

    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++)
            in[i][j] = (i * 31 + j * 17) % 23 - 11;
    top(in, out);
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++)
            checksum += (long)out[i][j] * ((i + j) % 7 + 1);
    printf("checksum %ld\n", checksum);
    return 0;
}
#endif
