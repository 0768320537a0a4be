/* trap: typedef names: __attribute__((mode(QI))) makes an 8-bit type of 'unsigned' (review 2026-11-26: read as 32 bits, 512 cells folded to 11).
   expect: kernel:t contracted 280 */
#include <stdio.h>
typedef unsigned u8m __attribute__((mode(QI)));
static unsigned kernel(int x)
{
    unsigned t[512];
    int i;
    unsigned s = 0;
    for (i = 0; i < 280; i++) {
        t[i] = i * x + 1;
        if (i >= 260) s = s * 3 + t[(u8m)(i - 10)];
    }
    return s;
}
int main(void) { printf("%u %zu\n", kernel(3), sizeof(u8m)); return 0; }
