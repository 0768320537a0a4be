/* trap: the host of lib/kern.c, through inc/all.h: a header in a folder no file given is
   in, which the text index of includes does not read; it reads buf[5] after the call
   expect: main:in unchanged [passed-to-call]
   expect: main:buf unchanged [passed-to-call]
*/
#include <stdio.h>
#include "../inc/all.h"
int main(void) {
  double in[8], buf[8];
  for (int i = 0; i < 8; i++) in[i] = i + 0.125;
  double s = kern(buf, in);
  s += buf[5];
  printf("%.3f %.3f\n", s, kern_sum(in));
  return 0;
}
