/*
 * uninit_read.c -- the one sample that reads a temporary before writing it:
 * iteration i reads pad[i] (its value is indeterminate: nothing wrote it)
 * and only then writes it. The read is masked away (& 0u on an unsigned char,
 * which has no trap representation), so the program is still deterministic;
 * a tool must report the read of a never-written cell (a warning: in a local
 * array without initializer it reads an indeterminate value) and may still
 * contract the array.
 *
 * Expected result per array (N = 64):
 *   pad[N]    candidate. 64 cells. pad[i] is read (before any write: warning),
 *             then written, then read once more in the same iteration; the
 *             lifetime [first write, last access] stays inside iteration i.
 *             DS = { [0] } -> scalar (1).
 *   main: in is passed to kernel: not a candidate.
 */
#include <stdio.h>

#ifndef N
#define N 64
#endif

static unsigned kernel_uninit(const unsigned char in[N])
{
    unsigned char pad[N];
    unsigned s = 0;
    int i;

    for (i = 0; i < N; i++) {
        s += pad[i] & 0u; /* indeterminate read, masked */
        pad[i] = (unsigned char)(in[i] ^ 0x5a);
        s += pad[i] * 3u;
    }
    return s;
}

int main(void)
{
    unsigned char in[N];
    int i;

    for (i = 0; i < N; i++)
        in[i] = (unsigned char)((i * 45 + 7) % 251);
    printf("checksum %u\n", kernel_uninit(in));
    return 0;
}
