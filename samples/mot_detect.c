/*
 * mot_detect.c -- motion-detection kernel (5) of the Bee+Cl@k paper
 * (mot_detect_kern): for every position (i, j) of a (M-RM+1) x (N-RN+1) grid,
 * accumulate A[i][j] - A[k][l] over the (2RM+1) x (2RN+1) search window in a
 * chain of cells of Delta, then chain the window totals in ODelta.
 *
 * Delta is declared 1-D and every access is linearized by hand,
 *   Delta[((i - RM) * W + (j - RN)) * K + t],  t = (2RN+1)(k - i + RM) + (l - j + RN),
 * with W = N-RN+1 and K = (2RM+1)(2RN+1): the delinearization case (the
 * paper's Delta[29][29][81], whose last index is itself linearized).
 * The paper's listing starts the chain at a cell 0 set to 0 and writes cells
 * 1 .. K, one past its declared size; here the first window point is peeled
 * (cell 0 = first difference) and the chain runs over t = 1 .. K-1 under an
 * affine guard, so exactly K cells per position are used.
 *
 * Expected result per array (M = N = 32, RM = RN = 4):
 *   Delta[W*W*K]   candidate. 29 * 29 * 81 = 68121 cells. Each cell is written
 *                  once and read only by the statement instance writing the
 *                  next cell (reads before writes) or, for t = K-1, by the
 *                  ODelta statement right after. DS = { [0] } (and { [0,0,0] }
 *                  once delinearized into [29][29][81]) -> scalar, 1 cell.
 *                  The paper reports 10 (k mod 10) because its DS was
 *                  over-approximated (integer divisions in PIP clauses, its
 *                  section 5); the exact answer is 1.
 *   ODelta[W*W+1]  candidate. 842 cells; chain ODelta[p+1] = ODelta[p] + ...,
 *                  final cell read once after the nest. DS = { [0] } -> 1.
 *   main: A is passed to kernel: not a candidate.
 */
#include <stdio.h>

#ifndef M
#define M 32
#endif
#ifndef N
#define N 32
#endif
#ifndef RM
#define RM 4
#endif
#ifndef RN
#define RN 4
#endif
#define H (M - RM + 1)
#define W (N - RN + 1)
#define K ((2 * RM + 1) * (2 * RN + 1))

static int kernel_mot_detect(int A[M + RM + 1][N + RN + 1])
{
    int i, j, k, l;
    int ODelta[H * W + 1];
    int Delta[H * W * K];

    ODelta[0] = 0;
    for (i = RM; i <= M; i++)
        for (j = RN; j <= N; j++) {
            Delta[((i - RM) * W + (j - RN)) * K] = A[i][j] - A[i - RM][j - RN];
            for (k = i - RM; k <= i + RM; k++)
                for (l = j - RN; l <= j + RN; l++)
                    if ((2 * RN + 1) * (k - i + RM) + (l - j + RN) >= 1)
                        Delta[((i - RM) * W + (j - RN)) * K + (2 * RN + 1) * (k - i + RM) + (l - j + RN)] =
                            A[i][j] - A[k][l] +
                            Delta[((i - RM) * W + (j - RN)) * K + (2 * RN + 1) * (k - i + RM) + (l - j + RN) - 1];
            ODelta[(i - RM) * W + (j - RN) + 1] =
                Delta[((i - RM) * W + (j - RN)) * K + K - 1] + ODelta[(i - RM) * W + (j - RN)];
        }
    return ODelta[H * W];
}

int main(void)
{
    static int A[M + RM + 1][N + RN + 1];
    int i, j;

    for (i = 0; i < M + RM + 1; i++)
        for (j = 0; j < N + RN + 1; j++)
            A[i][j] = (i * 29 + j * 13 + (i * j) % 7) % 200;
    printf("checksum %d\n", kernel_mot_detect(A));
    return 0;
}
