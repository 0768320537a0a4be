/* trap: none: a local array of pointers, `int *p[8]`, whose declarator begins with the element's `*`: the
   rewriter's range check stopped with an internal error (declarator range covers "*p[8]"); the new extent
   replaces the array part only, the `*` stays the element type's
   expect: main:p scalarized
   expect: main:q contracted 2
   expect: main:x unchanged */
#include <stdio.h>
int main(void) {
  int x[8];
  int *p[8];
  int *q[8][4];
  int s = 0;
  /* x whole before q reads it: q[i][j] points up to x[i + 3], and a read of x[k] before
     it was written gave the stack's garbage (an original under UBSan overflowed, or not,
     by the size of the environment) */
  for (int i = 0; i < 8; i++)
    x[i] = i * 3;
  for (int i = 0; i < 8; i++) {
    p[i] = &x[i];
    s += *p[i];
    for (int j = 0; j < 4; j++) {
      q[i][j] = &x[(i + j) % 8];
      if (j > 0) s += *q[i][j - 1] - *q[i][j];
    }
  }
  printf("%d\n", s);
  return 0;
}
