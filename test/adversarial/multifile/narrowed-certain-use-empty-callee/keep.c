/* trap: the program's own explicit_bzero() clears the buffer and keeps its address
   expect: none
*/
#include <stddef.h>
static double *kept;
void explicit_bzero(void *p, size_t n) {
  unsigned char *c = p;
  for (size_t i = 0; i < n; i++) c[i] = 0;
  kept = p;
}
double peek(void) { return kept[3]; }
