/* trap: the loop counter written through parentheses: (i) -= 1 (review 2026-11-26: not seen).
   expect: kernel:t unchanged */
#include <stdio.h>
typedef int I;
static unsigned kernel(int x)
{
    unsigned t[64];
    int i, done = 0;
    unsigned s = 0;
    for (i = 0; i < 64; i++) {
        t[i] = i * x + 1;
        if (i >= 1) s = s * 3 + t[i - 1];
        if (i == 10 && !done) { done = 1; (i) -= 1; (i) -= 1; (i) -= 1; (i) -= 1; }
    }
    return s;
}
int main(void) { printf("%u\n", kernel(3)); return 0; }
