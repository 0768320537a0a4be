/*
 * nw.c -- Needleman-Wunsch global alignment (after MachSuite nw): a 2-D dynamic
 * programming score matrix M[b][a] filled row by row from its up, left and up-left
 * neighbours, after its first row and first column were initialised.
 *
 * Expected result per array (N = 129, sequences of N - 1 letters):
 *   M[N][N]  candidate, 16641 cells. Every cell is written once. Right after the
 *            initialisation the whole first row and the whole first column are live
 *            (2N - 1 values): maxLive = 2N - 1. Their differences (b, 0) - (0, a) =
 *            (b, -a) never lie on the diagonal d0 = d1 (except 0), nor do those of the
 *            sweep (a cell and the cells of the previous row it still has to serve):
 *            M[b][a] -> (a - b) mod (2N - 1), 257 cells, optimal (= maxLive).
 *            The axis-aligned mappings need far more (a whole row and column).
 *   ptr      output (the traceback directions), not a candidate.
 */
#include <stdio.h>

#ifndef N
#define N 129
#endif

#define MATCH 1
#define MISMATCH (-1)
#define GAP (-1)

static void kernel_nw(const char seqA[N], const char seqB[N], char ptr[N][N], int *score)
{
    int M[N][N];
    int a, b;

    for (a = 0; a < N; a++)
        M[0][a] = a * GAP;
    for (b = 0; b < N; b++)
        M[b][0] = b * GAP;
    for (b = 1; b < N; b++)
        for (a = 1; a < N; a++) {
            int s = seqA[a] == seqB[b] ? MATCH : MISMATCH;
            int upLeft = M[b - 1][a - 1] + s;
            int up = M[b - 1][a] + GAP;
            int left = M[b][a - 1] + GAP;
            int best = upLeft;
            char dir = 0;
            if (up > best) {
                best = up;
                dir = 1;
            }
            if (left > best) {
                best = left;
                dir = 2;
            }
            M[b][a] = best;
            ptr[b][a] = dir;
        }
    *score = M[N - 1][N - 1];
}

int main(void)
{
    static char seqA[N], seqB[N], ptr[N][N];
    int a, b, score;
    long sum = 0;

    for (a = 0; a < N; a++) {
        seqA[a] = "ACGT"[(a * 7 + 3) % 11 % 4];
        seqB[a] = "ACGT"[(a * 5 + 1) % 13 % 4];
    }
    kernel_nw(seqA, seqB, ptr, &score);
    for (b = 1; b < N; b++)
        for (a = 1; a < N; a++)
            sum += ptr[b][a] * ((a + 3 * b) % 17);
    printf("checksum %ld score %d\n", sum, score);
    return 0;
}
