/* trap: the program's own explicit_bzero(), which reads the bytes before clearing them
   expect: none
*/
#include <stddef.h>
#include <stdio.h>
void explicit_bzero(void *p, size_t n) {
  unsigned char *c = p;
  unsigned long sum = 0;
  for (size_t i = 0; i < n; i++) {
    sum = sum * 31 + c[i];
    c[i] = 0;
  }
  printf("%lu\n", sum);
}
