/* trap: typedef names: a local variable named like a file-scope typedef is no type; (u8) + i*2 adds it (review 2026-11-26: read as a cast, t was scalarized).
   expect: kernel:t unchanged [division-not-worth] -- u8 + i * 2 no affine form; t[299] with beeclak_mod lost a cell a run */
#include <stdio.h>
typedef unsigned char u8;
static unsigned kernel(int x)
{
    unsigned t[300];
    unsigned s = 0;
    int u8 = 1;
    for (int i = 0; i < 100; i++) {
        t[(u8) + i * 2] = i * x + 1;
        if (i >= 1) s = s * 3 + t[2 * i - 1];
    }
    return s;
}
int main(void) { printf("%u\n", kernel(3)); return 0; }
