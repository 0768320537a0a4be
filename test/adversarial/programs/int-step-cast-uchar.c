/* trap: a loop step through a cast (unsigned char)(300) steps by 44 (review 2026-11-26: taken as 300 since before that day).
   expect: kernel:t unchanged */
#include <stdio.h>
typedef unsigned char u8;
static unsigned kernel(int x)
{
    unsigned t[1000];
    int i;
    unsigned s = 0;
    for (i = 0; i < 1000; i += (unsigned char)(300)) {
        t[i] = i * x + 1;
        if (i >= 88) s = s * 3 + t[i - 88];
    }
    return s;
}
int main(void) { printf("%u\n", kernel(3)); return 0; }
