#include "kern.c"
/* trap: the host of orig/kern.c, not given on the command line, saved with a byte order
   mark before its first line, `#include "kern.c"`; it reads buf[5] after the call */
#include <stdio.h>
double other_main(void);
int main(void) {
  double in[8], buf[8];
  for (int i = 0; i < 8; i++) in[i] = i + 0.125;
  double s = kern(buf, in);
  s += buf[5];
  printf("%.3f %.3f\n", s, other_main());
  return 0;
}
