/* trap: the host of lib/kern.c, built as app/host.c (app -> lib/sub); it reads buf[5]
   after the call
   expect: main:in unchanged [passed-to-call]
   expect: main:buf unchanged [passed-to-call]
*/
#include <stdio.h>
#include "../kern.c"
double other_main(void);
int main(void) {
  double in[8], buf[8];
  for (int i = 0; i < 8; i++) in[i] = i + 0.125;
  double s = kern(buf, in);
  s += buf[5];
  printf("%.3f %.3f\n", s, other_main());
  return 0;
}
