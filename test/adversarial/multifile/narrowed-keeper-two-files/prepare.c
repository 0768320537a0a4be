/* trap: passes the buffer on to explicit_bzero() of keep.c
   expect: none
*/
#include <stddef.h>
void explicit_bzero(void *p, size_t n);
void prepare(double *b, size_t n) { explicit_bzero(b, n * sizeof b[0]); }
