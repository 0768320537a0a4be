/* trap: the program's own malloc and free: every block is the same pool
   expect: malloc:pool unchanged
*/
#include <stddef.h>
#define N 16
static double pool[N];
void *malloc(size_t n) { (void)n; return pool; }
void free(void *p) { (void)p; }
