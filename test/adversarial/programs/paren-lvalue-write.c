/* trap: a write through a parenthesized lvalue: (t[i]) = v (review 2026-11-26: taken for a read only, t was scalarized).
   expect: kernel:t unchanged */
#include <stdio.h>
static unsigned kernel(int x)
{
    unsigned t[64];
    int i;
    unsigned s = 0;
    for (i = 0; i < 64; i++)
        (t[i]) = i * x + 1;
    for (i = 0; i < 64; i++)
        s = s * 3 + t[i];
    return s;
}
int main(void) { printf("%u\n", kernel(3)); return 0; }
