/* trap: the caller of another file's kernel passes a macro its own build may set
   expect: main:in unchanged */
#include <stdio.h>
#include "dsp.h"
#ifndef LEN
#define LEN 3
#endif
int main(void) {
  double in[32];
  for (int i = 0; i < 32; i++) in[i] = i % 5 + i;
  printf("%.1f\n", window(LEN, in));
  return 0;
}
