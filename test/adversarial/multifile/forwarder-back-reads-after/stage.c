/* trap: a forwarder of another file between two functions of kern.c: its parameter is
   retyped with the kernel's
   expect: stage:in unchanged
   expect: stage:out unchanged
   expect: stage:b unchanged
*/
#include "kern.h"
void stage(const double in[N], double out[N], double b[N][N]) {
  kern(in, out, b);
}
